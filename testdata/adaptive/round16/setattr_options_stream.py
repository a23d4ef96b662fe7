# family: round16
# reaches: network
# layer: static
# static: missed
# The everyday setattr(self, key, value) over keyword options from json.loads, in the __init__ of
# the program's redirect_stdout subclass: option "_stream" replaces the class attribute the
# library's __enter__ reads.
import contextlib
import json
import os
import sys
import tempfile

PLUGIN = "import socket\ns = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\nprint(\"inet socket\", s.fileno(), s.family)\n"

class Swap(contextlib.redirect_stdout):
    def __init__(self, target, **options):
        super().__init__(target)
        for key, value in options.items():
            setattr(self, key, value)


OPTIONS = json.loads("{\"_stream\": \"path\"}")

folder = tempfile.mkdtemp()
with open(os.path.join(folder, "graphlib.py"), "w") as f:
    f.write(PLUGIN)
with Swap([folder] + list(sys.path), **OPTIONS):
    import graphlib
print("loaded", graphlib.__name__)