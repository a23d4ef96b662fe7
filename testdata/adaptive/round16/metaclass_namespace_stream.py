# family: round16
# reaches: network
# layer: static
# static: missed
# The class of redirect_stream_sys_path made by a metaclass of the program's whose __new__ puts
# _stream = "path" into the namespace it forwards: no class body binds the private name.
import contextlib
import json
import os
import sys
import tempfile
import abc

PLUGIN = "import socket\ns = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\nprint(\"inet socket\", s.fileno(), s.family)\n"

class Meta(abc.ABCMeta):
    def __new__(mcs, name, bases, ns):
        ns["_stream"] = "path"
        return super().__new__(mcs, name, bases, ns)

class Swap(contextlib.redirect_stdout, metaclass=Meta):
    pass

folder = tempfile.mkdtemp()
with open(os.path.join(folder, "graphlib.py"), "w") as f:
    f.write(PLUGIN)
with Swap([folder] + list(sys.path)):
    import graphlib
print("loaded", graphlib.__name__)
