# family: loop_names
# reaches: process
# layer: static
# static: missed
# SBX403 admits getattr(obj, name) for name looping over a list of constant strings when every
# use of the list's name is a proven read; max of several whose other operands are inert (here
# an empty list display) counts as one. Route: max returns one of its arguments, the list
# itself, and the append on that result names no list; getattr(report, "__globals__") hands
# over the module's globals and os.posix_spawn is called.
import os

COLUMNS = ["name", "size"]


def report():
    return "ok"


widest = max(COLUMNS, [])
widest.append("__globals__")
cells = []
for column in COLUMNS:
    cells.append(getattr(report, column, None))
host = cells[-1]["os"]
pid = host.posix_spawn("/usr/bin/python3", ["python3", "-c", "print('reached: process')"], {})
print(host.waitpid(pid, 0))
