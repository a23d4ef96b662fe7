# label: benign
class Config:
    debug = False
    level = "info"


cfg = Config()
print(getattr(cfg, "level"))
print(getattr(cfg, "missing", "default"))
print(hasattr(cfg, "debug"))
