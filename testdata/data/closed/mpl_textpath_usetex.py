# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed (denied since: SBX206)
# matplotlib.textpath.TextPath(..., usetex=True) lays out its text with TeX: latex and dvipng run
# while the path is built, no figure needed.
from matplotlib.textpath import TextPath

try:
    path = TextPath((0, 0), r"$x^2$", size=12, usetex=True)
    print(len(path.vertices))
except Exception as exc:
    print("tex failed:", type(exc).__name__)
