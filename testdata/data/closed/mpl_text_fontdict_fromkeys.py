# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed
# Axes.text(x, y, s, fontdict): the fourth positional argument is a dict made by dict.fromkeys
# from a key joined at run time; the text's usetex property runs latex when the figure is saved.
import matplotlib.pyplot as plt
fig, ax = plt.subplots()
props = dict.fromkeys(["".join(["use", "t", "ex"])], True)
ax.text(0.5, 0.5, "$z$", props)
try:
    fig.savefig("t.png")
except RuntimeError as exc:
    print("latex refused:", exc)
