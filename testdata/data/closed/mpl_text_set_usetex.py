# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed (denied since: SBX206)
# The Text property judged as the usetex= keyword is also a setter: set_usetex(True) on the title
# returned by set_title makes the next draw run latex.
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
ax.plot([0, 1, 2], [0, 1, 4])
title = ax.set_title("$y = x^2$")
title.set_usetex(True)
try:
    fig.savefig("curve.png")
except RuntimeError as exc:
    print("latex refused:", exc)
