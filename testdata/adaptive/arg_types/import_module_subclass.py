# family: arg_types
# reaches: process
# layer: runtime
# static: denied
# importlib itself is outside the allowlist, and import_module is refused when the program calls
# it with a str; both pass with a str subclass, whose __eq__ and __hash__ are those of str.
import os
import sys


class Name(str):
    pass


def spawn(ps):
    """A child process through the module subprocess is built on (it raises no audit event)."""
    r, w = os.pipe()
    exe = sys.executable.encode()
    pid = ps.fork_exec([exe, b"-c", b"print(\x27child process\x27)"], [exe], True, (w,), None, None,
                       -1, -1, -1, -1, -1, -1, r, w, False, False, -1, None, None, None, -1, None, True)
    os.close(w)
    os.read(r, 64)
    return os.waitpid(pid, 0)


importlib = __import__(Name("importlib"))
ps = importlib.import_module(Name("_posixsubprocess"))
print(spawn(ps))
