# family: loop_names
# reaches: process
# layer: static
# static: missed
# SBX403 admits getattr(obj, name) for name looping over a list of constant public strings
# (safeLoopName folds the list display). Route: a second name bound to the same list appends
# "__globals__", which the fold never sees; getattr(report, "__globals__") hands over the
# module's globals, and os.system is called on the os module taken from that dict.
import os

COLUMNS = ["name", "size"]
layout = COLUMNS
layout.append("__globals__")


def report():
    return "ok"


cells = []
for column in COLUMNS:
    cells.append(getattr(report, column, None))
scope = cells[-1]
scope["os"].system("true")
print(os.getcwd())
