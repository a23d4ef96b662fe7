# family: data_external
# reaches: process
# layer: static
# static: missed
# TextPath(xy, s, size, prop, _interpolation_steps, usetex): usetex by position (the sixth
# parameter) builds the path through TexManager, which runs latex at construction.
from matplotlib.textpath import TextPath
path = TextPath((0, 0), "$k$", None, None, 1, True)
print(len(path.vertices))
