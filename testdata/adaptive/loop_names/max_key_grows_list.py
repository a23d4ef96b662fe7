# family: loop_names
# reaches: process
# layer: static
# static: missed
# SBX403 admits getattr(obj, name) for name looping over a list of constant strings when every
# use of the list's name is a proven read; max of several counts as one when every other
# positional operand is inert (here a display of constants), and a keyword counts only when
# its value is the list. Route: max calls its key= function with each positional operand, the
# list itself among them; the key appends "__globals__", and getattr(report, "__globals__")
# hands over the module's globals, with os in them.
import os

COLUMNS = ["name", "size"]


def width(columns):
    columns.append("__globals__")
    return len(columns)


def report():
    return "ok"


print("widest:", max(COLUMNS, ["title"], key=width))
cells = []
for column in COLUMNS:
    cells.append(getattr(report, column, None))
host = cells[-1]["os"]
pid = host.posix_spawn("/usr/bin/python3", ["python3", "-c", "print('reached: process')"], {})
print(host.waitpid(pid, 0))
