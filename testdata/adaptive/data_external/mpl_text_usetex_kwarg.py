# family: data_external
# reaches: process
# layer: static
# static: missed
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
