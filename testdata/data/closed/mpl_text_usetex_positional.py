# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed
# matplotlib 3.6's Text takes usetex as its twelfth positional parameter: Text(x, y, s, ...,
# True) sets it with no usetex= keyword; the figure draws the text with latex.
import matplotlib.pyplot as plt
from matplotlib.text import Text
fig = plt.figure()
fig.add_artist(Text(0.5, 0.5, "$k$", None, "baseline", "left", None, None, None, None, None, True))
try:
    fig.savefig("c.png")
except RuntimeError as exc:
    print("latex refused:", exc)
