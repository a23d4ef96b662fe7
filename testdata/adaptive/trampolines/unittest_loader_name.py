# family: trampolines
# reaches: process
# layer: runtime
# static: denied
# unittest's loader imports a dotted name itself, from library code.
import os
import sys
import unittest


def spawn(ps):
    """A child process through the module subprocess is built on (it raises no audit event)."""
    r, w = os.pipe()
    exe = sys.executable.encode()
    pid = ps.fork_exec([exe, b"-c", b"print(\x27child process\x27)"], [exe], True, (w,), None, None,
                       -1, -1, -1, -1, -1, -1, r, w, False, False, -1, None, None, None, -1, None, True)
    os.close(w)
    os.read(r, 64)
    return os.waitpid(pid, 0)


unittest.TestLoader().loadTestsFromName("_posixsubprocess")
print(spawn(sys.modules["_posixsubprocess"]))
