# family: round16
# reaches: network
# layer: static
# static: missed
# contextlib.redirect_stdout's code does setattr(sys, self._stream, new_target): a subclass's
# class body binds the private class attribute _stream = "path", so the with statement replaces
# sys.path with the program's list, and an allowed import statement loads a module the program
# wrote (its source is a string the analyzer never reads): it opens an AF_INET socket.
import contextlib
import os
import sys
import tempfile

PLUGIN = """
import socket
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
print("inet socket", s.fileno(), s.family)
"""


class PluginPath(contextlib.redirect_stdout):
    _stream = "path"


folder = tempfile.mkdtemp()
with open(os.path.join(folder, "graphlib.py"), "w") as f:
    f.write(PLUGIN)
with PluginPath([folder] + list(sys.path)):
    import graphlib
print("loaded", graphlib.__name__)
