# family: trampolines
# reaches: process
# layer: runtime
# static: denied
# sched.scheduler.run calls each event's action from library code: the import it makes is
# attributed to sched.
import os
import sched
import sys
import time


def spawn(ps):
    """A child process through the module subprocess is built on (it raises no audit event)."""
    r, w = os.pipe()
    exe = sys.executable.encode()
    pid = ps.fork_exec([exe, b"-c", b"print(\x27child process\x27)"], [exe], True, (w,), None, None,
                       -1, -1, -1, -1, -1, -1, r, w, False, False, -1, None, None, None, -1, None, True)
    os.close(w)
    os.read(r, 64)
    return os.waitpid(pid, 0)


s = sched.scheduler(time.monotonic, time.sleep)
s.enter(0, 1, __import__, ("_posixsubprocess",))
s.run()
print(spawn(sys.modules["_posixsubprocess"]))
