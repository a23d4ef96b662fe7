# family: round16
# reaches: network
# layer: static
# static: missed
# type.__setattr__ with its arguments spread from a list: the checks of __setattr__ calls read
# the object and the name by position, so _stream = "path" is stored on the program's
# redirect_stdout subclass unseen (sys.path replaced; a written module imported).
import contextlib
import os
import sys
import tempfile

PLUGIN = "import socket\ns = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\nprint(\"inet socket\", s.fileno(), s.family)\n"

class Swap(contextlib.redirect_stdout):
    pass


type.__setattr__(*[Swap, "_stream", "path"])

folder = tempfile.mkdtemp()
with open(os.path.join(folder, "graphlib.py"), "w") as f:
    f.write(PLUGIN)
with Swap([folder] + list(sys.path)):
    import graphlib
print("loaded", graphlib.__name__)
