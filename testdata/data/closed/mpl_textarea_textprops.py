# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed
# TextArea's textprops= is spread into its Text as keywords; the dict carries usetex under a
# key joined at run time, so no usetex keyword, string or ** spread is in the program.
# Saving the figure draws the box and runs latex.
import matplotlib.pyplot as plt
from matplotlib.offsetbox import AnchoredOffsetbox, TextArea
fig, ax = plt.subplots()
props = dict.fromkeys(["".join(["use", "t", "ex"])], True)
box = AnchoredOffsetbox(loc="center", child=TextArea("$q$", textprops=props))
ax.add_artist(box)
try:
    fig.savefig("b.png")
except RuntimeError as exc:
    print("latex refused:", exc)
