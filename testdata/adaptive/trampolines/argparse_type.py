# family: trampolines
# reaches: process
# layer: runtime
# static: denied
# argparse converts an argument with its `type` callable, from library code.
import argparse
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


parser = argparse.ArgumentParser()
parser.add_argument("--backend", type=__import__, default="json")
args = parser.parse_args(["--backend", "_posixsubprocess"])
print(spawn(args.backend))
