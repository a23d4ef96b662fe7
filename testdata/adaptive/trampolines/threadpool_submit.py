# family: trampolines
# reaches: process
# layer: runtime
# static: denied
# A thread pool's worker runs the submitted function from library code.
import concurrent.futures
import os
import sys


def spawn(ps):
    """A child process through the module subprocess is built on (it raises no audit event)."""
    r, w = os.pipe()
    exe = sys.executable.encode()
    pid = ps.fork_exec([exe, b"-c", b"print(\x27child process\x27)"], [exe], True, (w,), None, None,
                       -1, -1, -1, -1, -1, -1, r, w, False, False, -1, None, None, None, -1, None, True)
    os.close(w)
    os.read(r, 64)
    return os.waitpid(pid, 0)


with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
    ps = pool.submit(__import__, "_posixsubprocess").result()
print(spawn(ps))
