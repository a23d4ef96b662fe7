# family: round16
# reaches: network
# layer: static
# static: missed
# redirect_stream_sys_path with _stream bound in the class body by a match statement's capture
# pattern, a binding the first fix's list of class-body names did not hold.
import contextlib
import os
import sys
import tempfile

PLUGIN = "import socket\ns = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\nprint(\"inet socket\", s.fileno(), s.family)\n"

class Swap(contextlib.redirect_stdout):
    match "path":
        case _stream:
            pass

folder = tempfile.mkdtemp()
with open(os.path.join(folder, "graphlib.py"), "w") as f:
    f.write(PLUGIN)
with Swap([folder] + list(sys.path)):
    import graphlib
print("loaded", graphlib.__name__)
