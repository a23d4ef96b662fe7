# family: arg_types
# reaches: process
# layer: runtime
# static: denied
# The hook checks an "import" event only when the module name is exactly a str, and returns
# (allows) otherwise: __import__ passes a str subclass through to the event unchanged, so any
# module is importable, here the one subprocess forks with.
import os
import sys


class ModuleName(str):
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


print(spawn(__import__(ModuleName("_posixsubprocess"))))
