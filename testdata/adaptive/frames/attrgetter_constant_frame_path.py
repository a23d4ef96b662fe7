# family: frames
# reaches: process
# layer: static
# static: denied
# operator.attrgetter with a constant frame path: SBX302 reads attributes, getattr and
# subscripts, not getter paths.
import operator
import os

frame_globals = operator.attrgetter("__traceback__.tb_frame.f_globals")

try:
    raise LookupError("x")
except LookupError as err:
    frame_globals(err)["os"].system("true")
