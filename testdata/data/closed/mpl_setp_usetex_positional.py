# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed (denied since: SBX206)
# matplotlib.pyplot.setp takes property names as positional strings as well as keywords:
# setp(title, "usetex", True) is usetex=True without the keyword SBX206 judges.
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
ax.plot([0, 1, 2], [0, 1, 4])
title = ax.set_title("$y = x^2$")
plt.setp(title, "usetex", True)
try:
    fig.savefig("curve.png")
except RuntimeError as exc:
    print("latex refused:", exc)
