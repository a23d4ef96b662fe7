# family: rt11
# reaches: process
# layer: runtime
# static: denied
# Under Debian's runsc (20221219), whose SECCOMP_RET_KILL_PROCESS ends only the calling thread, a
# refused system call made by a thread that is not the main one: _posixsubprocess.fork_exec (no
# audit event; asyncio loads the module) from a worker while the main thread waits in join(). The
# worker dies holding the interpreter lock, the main thread lives on waiting for it, and the run
# was recorded as a timeout (exit 137, timed_out) with no violation (findings/41). Under runc the
# kernel kills the whole process.
import asyncio  # noqa: F401  (loads _posixsubprocess)
import os
import sys
import threading


def spawn():
    ps = sys.modules["_posixsubprocess"]
    r, w = os.pipe()
    exe = sys.executable.encode()
    pid = ps.fork_exec([exe, b"-c", b"print(1)"], [exe], True, (w,), None, None,
                       -1, -1, -1, -1, -1, -1, r, w, False, False, -1, None, None, None, -1, None, True)
    print("forked", pid, os.waitpid(pid, 0), flush=True)


t = threading.Thread(target=spawn)
t.start()
t.join()
print("the program goes on", flush=True)
