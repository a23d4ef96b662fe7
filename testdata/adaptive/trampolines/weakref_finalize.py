# family: trampolines
# reaches: process
# layer: runtime
# static: denied
# weakref.finalize calls its function from library code when the object dies.
import os
import sys
import weakref


def spawn(ps):
    """A child process through the module subprocess is built on (it raises no audit event)."""
    r, w = os.pipe()
    exe = sys.executable.encode()
    pid = ps.fork_exec([exe, b"-c", b"print(\x27child process\x27)"], [exe], True, (w,), None, None,
                       -1, -1, -1, -1, -1, -1, r, w, False, False, -1, None, None, None, -1, None, True)
    os.close(w)
    os.read(r, 64)
    return os.waitpid(pid, 0)



class Session:
    pass


s = Session()
weakref.finalize(s, __import__, "_posixsubprocess")
del s
print(spawn(sys.modules["_posixsubprocess"]))
