# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed (denied since: SBX206 and SBX505, rcParamsDefault excluded)
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
