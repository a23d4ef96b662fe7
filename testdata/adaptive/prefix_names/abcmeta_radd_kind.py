# family: prefix_names
# reaches: process
# layer: static
# static: missed
# SBX403 admits getattr(own, "visit_" + kind) when no class of the program defines __radd__ and
# no class is made at run time by type(name, bases, ns) or types.new_class. Route: the class
# Kind is made by calling abc.ABCMeta(name, bases, ns), a library metaclass, with "__radd__" as
# a key of its namespace dict; "visit_" + kind calls it and gets "__globals__", so
# getattr(render, "__globals__") hands over the module's globals, with os in them.
import abc
import os


def joined(self, prefix):
    return "__" + self.name + "__"


def named(self, name):
    self.name = name


# Kinds are made from the grammar's table, each able to join onto a handler prefix.
Kind = abc.ABCMeta("Kind", (), {"__init__": named, "__radd__": joined})


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
