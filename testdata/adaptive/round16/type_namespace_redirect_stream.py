# family: round16
# reaches: network
# layer: static
# static: missed
# The class of redirect_stream_sys_path made by type() with a namespace {"_stream": "path"}: no
# class body binds the private name that contextlib.redirect_stdout's code reads.
import contextlib
import os
import sys
import tempfile

PLUGIN = "import socket\ns = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\nprint('inet socket', s.fileno(), s.family)\n"

Swap = type("Swap", (contextlib.redirect_stdout,), {"_stream": "path"})
folder = tempfile.mkdtemp()
with open(os.path.join(folder, "graphlib.py"), "w") as f:
    f.write(PLUGIN)
with Swap([folder] + list(sys.path)):
    import graphlib
print("loaded", graphlib.__name__)
