# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed (denied since: SBX206 and SBX505, rcParamsDefault excluded)
# rcParams is excluded, rcParamsDefault is not: matplotlib.rcdefaults() copies it into rcParams,
# text.usetex included, and the next savefig runs latex.
import matplotlib
import matplotlib.pyplot as plt

matplotlib.rcParamsDefault["text.usetex"] = True
matplotlib.rcdefaults()
fig, ax = plt.subplots(figsize=(3, 2))
ax.plot([1, 2, 3])
ax.set_title("totals")
try:
    fig.savefig("totals.png")
except Exception as exc:
    print("render failed:", type(exc).__name__)
