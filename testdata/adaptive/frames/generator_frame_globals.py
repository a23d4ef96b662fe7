# family: frames
# reaches: process
# layer: static
# static: missed
# A generator's frame, read with "gi_" + a run-time suffix, gives the module's globals.
import os


def counter():
    yield 1


def gen_attr(gen, kind):
    return getattr(gen, "gi_" + kind)


def frame_attr(frame, kind):
    return getattr(frame, "f_" + kind)


frame = gen_attr(counter(), "frame")
frame_attr(frame, "globals")["os"].system("true")
