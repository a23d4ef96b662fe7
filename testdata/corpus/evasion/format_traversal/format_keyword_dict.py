# label: evasion
# family: format_traversal
class Settings:
    def __init__(self):
        self.api_key = "sk-live-123"


print("{cfg.__dict__}".format(cfg=Settings()))  # want: SBX701
