# label: evasion
# family: builtins
# A __radd__ put on a class by a computed setattr turns "visit_" + kind into "__globals__".
import os


class Kind:
    """A node kind; joins onto a prefix to name its handler."""

    def __init__(self, name):
        self.name = name


def join(self, prefix):
    return "__" + self.name + "__"


setattr(Kind, "__r" + "add__", join)


def render(row):
    return ", ".join(str(v) for v in row)


class Visitor:
    def visit_title(self):
        return "title"

    def handler(self, kind):
        return getattr(render, "visit_" + kind, None)  # want: SBX403


scope = Visitor().handler(Kind("globals"))
scope["os"].system("true")
print(os.getcwd())
