# family: data_external
# reaches: process
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
fig.savefig("b.png")
