# family: round16
# reaches: network
# layer: static
# static: missed
# type_bases_plain_holder with a class statement whose bases are spread from a list: the
# analysis sees no base, so the plain class's _stream is taken for its own.
import contextlib
import os
import sys
import tempfile

PLUGIN = "import socket\ns = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\nprint(\"inet socket\", s.fileno(), s.family)\n"

class Holder:
    _stream = "path"


BASES = [Holder, contextlib.redirect_stdout]


class Swap(*BASES):
    pass

folder = tempfile.mkdtemp()
with open(os.path.join(folder, "graphlib.py"), "w") as f:
    f.write(PLUGIN)
with Swap([folder] + list(sys.path)):
    import graphlib
print("loaded", graphlib.__name__)
