# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed
# TextPath(xy, s, size, prop, _interpolation_steps, usetex): usetex by position (the sixth
# parameter) builds the path through TexManager, which runs latex at construction.
from matplotlib.textpath import TextPath
try:
    path = TextPath((0, 0), "$k$", None, None, 1, True)
    print(len(path.vertices))
except RuntimeError as exc:
    print("latex refused:", exc)
