# family: frames
# reaches: process
# layer: static
# static: missed
# An ExitStack exit callback gets the traceback of the exception leaving the block.
import contextlib
import os
import traceback


def on_exit(exc_type, exc, tb):
    if tb is not None:
        frame = next(traceback.walk_tb(tb))[0]
        getattr(frame, "f_" + on_exit.kind)["os"].system("true")
    return True


on_exit.kind = "globals"
with contextlib.ExitStack() as stack:
    stack.push(on_exit)
    raise ValueError("leave")
