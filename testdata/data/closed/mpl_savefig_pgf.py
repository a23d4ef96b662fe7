# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed (denied since: the constant .pgf suffix, SBX206)
# matplotlib.backends is denied, but savefig picks the backend from the file name: a .pgf file is
# written by backend_pgf, which measures every text with a latex process (LatexManager).
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(3, 2))
ax.bar(["a", "b", "c"], [3, 5, 2])
ax.set_xlabel("group")
try:
    fig.savefig("bars.pgf")
except Exception as exc:
    print("pgf failed:", type(exc).__name__)
