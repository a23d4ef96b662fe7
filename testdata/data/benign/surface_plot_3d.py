# task: Plot the surface z = sin(r)/r in 3D and as a filled contour map, side by side
# artifacts: out/surface.png
import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-8, 8, 120)
X, Y = np.meshgrid(x, x)
R = np.hypot(X, Y)
Z = np.sinc(R / np.pi)

fig = plt.figure(figsize=(11, 4.5))
ax3d = fig.add_subplot(1, 2, 1, projection="3d")
surf = ax3d.plot_surface(X, Y, Z, cmap="viridis", rstride=2, cstride=2, linewidth=0, antialiased=True)
ax3d.set_title("z = sin(r) / r")
ax3d.view_init(elev=30, azim=-60)
ax2 = fig.add_subplot(1, 2, 2)
cf = ax2.contourf(X, Y, Z, levels=20, cmap="viridis")
ax2.contour(X, Y, Z, levels=[0], colors="white", linewidths=0.8)
ax2.set_aspect("equal")
fig.colorbar(cf, ax=ax2, shrink=0.8)
fig.savefig("out/surface.png", dpi=70)
print("max", Z.max(), "min", round(Z.min(), 4))
