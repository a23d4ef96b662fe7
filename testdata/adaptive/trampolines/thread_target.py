# family: trampolines
# reaches: process
# layer: runtime
# static: denied
# The hook trusts an import when the frame that made it is library code. threading.Thread.run is
# library code calling the program's target: __import__ as the target imports a module outside the
# allowlist as if threading had imported it.
import os
import sys
import threading


def spawn(ps):
    """A child process through the module subprocess is built on (it raises no audit event)."""
    r, w = os.pipe()
    exe = sys.executable.encode()
    pid = ps.fork_exec([exe, b"-c", b"print(\x27child process\x27)"], [exe], True, (w,), None, None,
                       -1, -1, -1, -1, -1, -1, r, w, False, False, -1, None, None, None, -1, None, True)
    os.close(w)
    os.read(r, 64)
    return os.waitpid(pid, 0)


t = threading.Thread(target=__import__, args=("_posixsubprocess",))
t.start()
t.join()
print(spawn(sys.modules["_posixsubprocess"]))
