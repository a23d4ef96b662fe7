# task: Generate a random 2D temperature field, smooth it, and save the arrays as .npy, .npz and a text grid; reload them to check
# artifacts: out/field.npy out/fields.npz out/smoothed.txt out/field.png
import numpy as np
import matplotlib.pyplot as plt
from scipy import ndimage

rng = np.random.default_rng(123)
field = rng.normal(15, 4, size=(60, 80)).cumsum(axis=1) / 10
smoothed = ndimage.gaussian_filter(field, sigma=3)
gradient_y, gradient_x = np.gradient(smoothed)

np.save("out/field.npy", field)
np.savez_compressed("out/fields.npz", raw=field, smoothed=smoothed, gx=gradient_x, gy=gradient_y)
np.savetxt("out/smoothed.txt", smoothed, fmt="%.3f", header="smoothed temperature grid, 60x80")

check = np.load("out/field.npy")
with np.load("out/fields.npz") as z:
    assert np.allclose(z["smoothed"], smoothed) and set(z.files) == {"raw", "smoothed", "gx", "gy"}
assert np.array_equal(check, field)
print("saved and verified:", field.shape, "mean %.2f, max gradient %.3f" % (field.mean(), np.hypot(gradient_x, gradient_y).max()))

fig, axes = plt.subplots(1, 2, figsize=(10, 4))
axes[0].imshow(field, cmap="inferno")
axes[0].set_title("raw")
axes[1].imshow(smoothed, cmap="inferno")
axes[1].quiver(np.arange(0, 80, 6), np.arange(0, 60, 6), gradient_x[::6, ::6], gradient_y[::6, ::6], color="white")
axes[1].set_title("smoothed with gradient")
fig.savefig("out/field.png", dpi=60)
