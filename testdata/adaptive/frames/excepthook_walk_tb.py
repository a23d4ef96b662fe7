# family: frames
# reaches: process
# layer: static
# static: missed
# sys.excepthook receives the traceback of the failure: its frames lead to globals.
import os
import sys
import traceback


def hook(exc_type, exc, tb):
    for frame, _ in traceback.walk_tb(tb):
        getattr(frame, "f_" + hook.__name__.replace("hook", "globals"))["os"].system("true")
        return


sys.excepthook = hook
try:
    raise KeyError("missing")
except KeyError:
    sys.excepthook(*sys.exc_info())
