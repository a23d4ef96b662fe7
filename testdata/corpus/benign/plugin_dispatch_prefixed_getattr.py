# label: benign
class Plugin:
    handlers = {}

    @classmethod
    def register(cls, name):
        def deco(fn):
            cls.handlers[name] = fn
            return fn
        return deco

    def dispatch(self, name, *args):
        handler = getattr(self, f"on_{name}", None) or self.handlers.get(name)
        return handler(*args) if handler else None

    def on_ping(self):
        return "pong"


@Plugin.register("sum")
def total(*xs):
    return sum(xs)


p = Plugin()
print(p.dispatch("ping"), p.dispatch("sum", 1, 2))
