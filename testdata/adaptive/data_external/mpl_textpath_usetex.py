# family: data_external
# reaches: process
# layer: static
# static: missed
# matplotlib.textpath.TextPath(..., usetex=True) lays out its text with TeX: latex and dvipng run
# while the path is built, no figure needed.
from matplotlib.textpath import TextPath

try:
    path = TextPath((0, 0), r"$x^2$", size=12, usetex=True)
    print(len(path.vertices))
except Exception as exc:
    print("tex failed:", type(exc).__name__)
