# family: round16
# reaches: network
# layer: static
# static: missed
# The setattr of setattr_json_stream made by a class decorator on its parameter: an object the
# analysis cannot type, given a name from json.loads and a value that is data (allowed), is the
# program's redirect_stdout subclass, whose _stream the library's __enter__ reads.
import contextlib
import json
import os
import sys
import tempfile

PLUGIN = "import socket\ns = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\nprint(\"inet socket\", s.fileno(), s.family)\n"

KEY = json.loads("\"_stream\"")


def configure(cls):
    setattr(cls, KEY, "path")
    return cls


@configure
class Swap(contextlib.redirect_stdout):
    pass

folder = tempfile.mkdtemp()
with open(os.path.join(folder, "graphlib.py"), "w") as f:
    f.write(PLUGIN)
with Swap([folder] + list(sys.path)):
    import graphlib
print("loaded", graphlib.__name__)
