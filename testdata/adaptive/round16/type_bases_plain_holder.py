# family: round16
# reaches: network
# layer: static
# static: missed
# A plain class of the program binds _stream = "path" (its own private name: no library
# ancestor), and type() makes a class of it and contextlib.redirect_stdout, listed first: its
# _stream is the one redirect_stdout's __enter__ reads (sys.path replaced).
import contextlib
import os
import sys
import tempfile

PLUGIN = "import socket\ns = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\nprint(\"inet socket\", s.fileno(), s.family)\n"

class Holder:
    _stream = "path"


Swap = type("Swap", (Holder, contextlib.redirect_stdout), {})

folder = tempfile.mkdtemp()
with open(os.path.join(folder, "graphlib.py"), "w") as f:
    f.write(PLUGIN)
with Swap([folder] + list(sys.path)):
    import graphlib
print("loaded", graphlib.__name__)
