# family: frames
# reaches: process
# layer: static
# static: denied
# sys.exc_info's traceback, walked with a computed attribute name.
import os
import sys


def step(obj, prefix, rest):
    return getattr(obj, prefix + rest)


try:
    1 / 0
except ZeroDivisionError:
    tb = sys.exc_info()[2]
    frame = step(tb, "tb_", "frame")
    step(frame, "f_", "globals")["os"].system("true")
