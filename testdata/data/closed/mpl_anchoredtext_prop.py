# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed
# AnchoredText's prop= is a dict of Text properties (TextArea(s, textprops=prop) spreads it into
# the Text): SBX206 judges fontdict=, usetex= and **mappings, not prop=; the usetex key is built
# by dict.fromkeys from a joined string, and drawing the box runs latex.
import matplotlib.pyplot as plt
from matplotlib.offsetbox import AnchoredText
fig, ax = plt.subplots()
ax.plot([0, 1], [0, 1])
props = dict.fromkeys(["".join(["use", "t", "ex"])], True)
ax.add_artist(AnchoredText("$r^2 = 1$", loc="upper left", prop=props))
try:
    fig.savefig("a.png")
except RuntimeError as exc:
    print("latex refused:", exc)
