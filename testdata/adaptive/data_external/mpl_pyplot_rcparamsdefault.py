# family: data_external
# reaches: process
# layer: static
# static: missed
# pyplot re-exports rcParamsDefault; plt.rcdefaults() copies it into rcParams: a default style
# with text.usetex set runs latex at the next draw.
import matplotlib.pyplot as plt

plt.rcParamsDefault.update({"text.usetex": True})
plt.rcdefaults()
plt.plot([3, 1, 2])
plt.ylabel("count")
try:
    plt.savefig("counts.png")
except Exception as exc:
    print("render failed:", type(exc).__name__)
