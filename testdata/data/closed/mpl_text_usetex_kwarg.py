# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed (denied since: SBX206)
# rcParams["text.usetex"] is excluded, but every Text artist takes usetex= itself: drawing it
# runs latex through matplotlib.texmanager.
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(3, 2))
ax.plot([0, 1, 2], [1, 3, 2])
ax.set_title(r"$\alpha$ growth", usetex=True)
try:
    fig.savefig("growth.png")
except Exception as exc:
    print("render failed:", type(exc).__name__)
