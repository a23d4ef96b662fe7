# family: round16
# reaches: network
# layer: static
# static: missed
# functools.update_wrapper(Swap, Holder, assigned=("_stream",), updated=()): a private name of
# the program's plain class, read there as its own, copied onto its redirect_stdout subclass,
# whose library __enter__ reads _stream (sys.path replaced; a written module imported).
import contextlib
import functools
import json
import os
import sys
import tempfile

PLUGIN = "import socket\ns = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\nprint(\"inet socket\", s.fileno(), s.family)\n"

class Holder:
    _stream = "path"


class Swap(contextlib.redirect_stdout):
    pass


functools.update_wrapper(Swap, Holder, assigned=("_stream",), updated=())

folder = tempfile.mkdtemp()
with open(os.path.join(folder, "graphlib.py"), "w") as f:
    f.write(PLUGIN)
with Swap([folder] + list(sys.path)):
    import graphlib
print("loaded", graphlib.__name__)
