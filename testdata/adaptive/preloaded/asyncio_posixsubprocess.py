# family: preloaded
# reaches: process
# layer: runtime
# static: denied
# asyncio (allowed) imports subprocess, which imports _posixsubprocess: the hook allows that import
# because asyncio made it. The program then takes the module from sys.modules: fork_exec has no
# audit event of its own (subprocess.Popen raises one; the module it is built on does not).
import asyncio
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


print(spawn(sys.modules["_posixsubprocess"]))
