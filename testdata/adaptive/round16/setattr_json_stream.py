# family: round16
# reaches: network
# layer: static
# static: missed
# setattr with a name from json.loads and a value that is data ("path"), allowed as everyday
# code, onto the program's redirect_stdout subclass: the name is _stream, which the library's
# __enter__ reads (sys.path replaced; an allowed import loads the program's written module).
import contextlib
import json
import os
import sys
import tempfile

PLUGIN = "import socket\ns = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\nprint(\"inet socket\", s.fileno(), s.family)\n"

class Swap(contextlib.redirect_stdout):
    pass


KEY = json.loads("\"_stream\"")
setattr(Swap, KEY, "path")

folder = tempfile.mkdtemp()
with open(os.path.join(folder, "graphlib.py"), "w") as f:
    f.write(PLUGIN)
with Swap([folder] + list(sys.path)):
    import graphlib
print("loaded", graphlib.__name__)
