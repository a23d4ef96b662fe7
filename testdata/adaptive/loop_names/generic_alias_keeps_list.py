# family: loop_names
# reaches: process
# layer: static
# static: missed
# SBX403 admits getattr(obj, name) for name looping over a list of constant strings when every
# use of the list's name is a proven read; a subscript of an inert object (the builtin tuple)
# counts as one. Route: tuple[COLUMNS] is a generic alias that keeps the list itself in its
# arguments; typing.get_args hands it back and the append names no list; getattr(report,
# "__globals__") hands over the module's globals and os.posix_spawn is called.
import os
import typing

COLUMNS = ["name", "size"]


def report():
    return "ok"


Header = tuple[COLUMNS]
typing.get_args(Header)[0].append("__globals__")
cells = []
for column in COLUMNS:
    cells.append(getattr(report, column, None))
host = cells[-1]["os"]
pid = host.posix_spawn("/usr/bin/python3", ["python3", "-c", "print('reached: process')"], {})
print(host.waitpid(pid, 0))
