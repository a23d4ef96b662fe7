# family: data_external
# reaches: process
# layer: static
# static: missed
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
