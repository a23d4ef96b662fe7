# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed (denied since: SBX206)
# SBX206 judges a usetex= keyword, but set_title (and text, set_xlabel, ...) also take a fontdict
# whose keys are Text properties set by name: {"usetex": True} renders the title with latex.
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
ax.plot([0, 1, 2], [0, 1, 4])
ax.set_title("$y = x^2$", fontdict={"usetex": True})
try:
    fig.savefig("curve.png")
except RuntimeError as exc:
    print("latex refused:", exc)
