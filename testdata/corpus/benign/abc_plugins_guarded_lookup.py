# label: benign
"""Plugins with abstract bases, a logging decorator, and a guarded lookup of statistics functions."""
import abc
import functools
import statistics

STATS = ["mean", "median", "pstdev"]


class Plugin(metaclass=abc.ABCMeta):
    @abc.abstractmethod
    def run(self, values):
        raise NotImplementedError


class Summary(Plugin):
    def run(self, values):
        return {name: stat(name)(values) for name in STATS}

    def dispatch(self, event, *args):
        handler = getattr(self, "on_" + event, None)
        return handler(*args) if handler else None

    def on_count(self, values):
        return len(values)


def logged(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        print(f"calling {func.__name__} with {len(args)} arguments")
        return func(*args, **kwargs)

    return wrapper


@logged
def stat(name):
    if name not in STATS:
        raise KeyError(name)
    return getattr(statistics, name)


plugin = Summary()
print(type(plugin).__name__, isinstance(plugin, Plugin), isinstance(Plugin, type))
print(plugin.run([3, 1, 4, 1, 5, 9, 2, 6]))
print(plugin.dispatch("count", [1, 2, 3]))
