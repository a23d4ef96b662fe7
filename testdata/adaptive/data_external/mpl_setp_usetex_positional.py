# family: data_external
# reaches: process
# layer: static
# static: missed
# matplotlib.pyplot.setp takes property names as positional strings as well as keywords:
# setp(title, "usetex", True) is usetex=True without the keyword SBX206 judges.
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
ax.plot([0, 1, 2], [0, 1, 4])
title = ax.set_title("$y = x^2$")
plt.setp(title, "usetex", True)
fig.savefig("curve.png")
