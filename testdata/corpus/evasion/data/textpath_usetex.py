# label: evasion
# family: data
from matplotlib.textpath import TextPath

TextPath((0, 0), "$x$", usetex=True)  # want: SBX206
