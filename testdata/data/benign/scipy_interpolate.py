# task: Interpolate sparse measurements with linear, cubic spline and PCHIP methods and compare them on a plot
# artifacts: out/interpolation.png out/interpolated.csv
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from scipy.interpolate import CubicSpline, PchipInterpolator, interp1d, UnivariateSpline

x = np.array([0, 1, 2.5, 3.5, 5, 6, 8, 9.5, 10])
y = np.array([1.0, 2.7, 3.1, 2.0, 0.4, 0.9, 3.8, 4.1, 3.9])
xs = np.linspace(0, 10, 101)

methods = {
    "linear": interp1d(x, y, kind="linear"),
    "cubic_spline": CubicSpline(x, y, bc_type="natural"),
    "pchip": PchipInterpolator(x, y),
    "smoothing_spline": UnivariateSpline(x, y, s=1.0),
}
table = pd.DataFrame({"x": xs, **{name: f(xs) for name, f in methods.items()}})
print(table.iloc[::10].round(3))
table.round(5).to_csv("out/interpolated.csv", index=False)

cs = methods["cubic_spline"]
print("spline integral over [0, 10]:", round(float(cs.integrate(0, 10)), 4))
print("spline roots of derivative:", np.round(cs.derivative().roots(), 3))

fig, ax = plt.subplots(figsize=(8, 4.5))
ax.plot(x, y, "ko", label="measurements", zorder=5)
for name in methods:
    ax.plot(xs, table[name], label=name)
ax.legend()
ax.grid(alpha=0.3)
ax.set_title("Interpolation methods")
fig.savefig("out/interpolation.png", dpi=90)
