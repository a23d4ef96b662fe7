# family: spoofed_filename
# reaches: process
# layer: runtime
# static: denied
# The trust test is a lexical prefix match: a sys.path entry written as the standard library's
# directory followed by ../../../tmp/lib loads a module the program wrote under an allowed name,
# and that module's code counts as the standard library's.
import os
import sys

os.makedirs("/tmp/lib", exist_ok=True)
with open("/tmp/lib/colorsys.py", "w") as fh:
    fh.write("import _posixsubprocess\n")
sys.path.insert(0, "/usr/lib/python3.11/../../../tmp/lib")
import colorsys  # an allowed name; the file found is the program's

def spawn(ps):
    """A child process through the module subprocess is built on (it raises no audit event)."""
    r, w = os.pipe()
    exe = sys.executable.encode()
    pid = ps.fork_exec([exe, b"-c", b"print(\x27child process\x27)"], [exe], True, (w,), None, None,
                       -1, -1, -1, -1, -1, -1, r, w, False, False, -1, None, None, None, -1, None, True)
    os.close(w)
    os.read(r, 64)
    return os.waitpid(pid, 0)


print(colorsys.__file__, spawn(sys.modules["_posixsubprocess"]))
