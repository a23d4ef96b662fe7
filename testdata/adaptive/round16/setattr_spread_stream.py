# family: round16
# reaches: network
# layer: static
# static: missed
# setattr with its arguments spread from a list stores _stream = "path" on the program's
# redirect_stdout subclass: no check reads the name (sys.path replaced; a written module
# imported).
import contextlib
import os
import sys
import tempfile

PLUGIN = "import socket\ns = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\nprint(\"inet socket\", s.fileno(), s.family)\n"

class Swap(contextlib.redirect_stdout):
    pass


setattr(*[Swap, "_stream", "path"])

folder = tempfile.mkdtemp()
with open(os.path.join(folder, "graphlib.py"), "w") as f:
    f.write(PLUGIN)
with Swap([folder] + list(sys.path)):
    import graphlib
print("loaded", graphlib.__name__)
