# family: spoofed_filename
# reaches: process
# layer: runtime
# static: denied
# The hook trusts code by its file name (co_filename under the standard library). importlib's
# frame-stripping helper is library code: compile called through it is the library compiling, and
# the program picks the file name. The code, run through the same helper, is "library" code from
# then on: it imports a module outside the allowlist.
import os
import sys

boot = sys.modules["_frozen_importlib"]._call_with_frames_removed

def spawn(ps):
    """A child process through the module subprocess is built on (it raises no audit event)."""
    r, w = os.pipe()
    exe = sys.executable.encode()
    pid = ps.fork_exec([exe, b"-c", b"print(\x27child process\x27)"], [exe], True, (w,), None, None,
                       -1, -1, -1, -1, -1, -1, r, w, False, False, -1, None, None, None, -1, None, True)
    os.close(w)
    os.read(r, 64)
    return os.waitpid(pid, 0)


code = boot(compile, "import _posixsubprocess as ps\n", "/usr/lib/python3.11/json/_plugin.py", "exec")
ns = {}
boot(exec, code, ns)
print(spawn(ns["ps"]))
