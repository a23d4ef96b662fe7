# family: frames
# reaches: process
# layer: static
# static: missed
# f_back through attrgetter: the caller's frame, from a helper that raises and catches.
import operator
import os

up = operator.attrgetter("tb_frame.f_back.f_globals")


def caller_namespace():
    try:
        raise RuntimeError
    except RuntimeError as err:
        return up(err.__traceback__)


caller_namespace()["os"].system("true")
