# task: Compare the distribution of house prices across neighborhoods with kernel density estimates
# artifacts: out/price_kde.png
# inputs: housing.csv
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from scipy.stats import gaussian_kde

df = pd.read_csv("housing.csv")
grid = np.linspace(df.price.min() * 0.9, df.price.max() * 1.1, 400)

fig, ax = plt.subplots(figsize=(8, 4.5))
for name, group in df.groupby("neighborhood"):
    kde = gaussian_kde(group["price"], bw_method="scott")
    density = kde(grid)
    ax.plot(grid, density, label=f"{name} (n={len(group)})")
    ax.fill_between(grid, density, alpha=0.15)
    mode = grid[np.argmax(density)]
    print(f"{name:<10} median {group.price.median():>10,.0f}  mode≈{mode:>10,.0f}  P(price > 500k)={kde.integrate_box_1d(5e5, np.inf):.2f}")
ax.set_xlabel("price")
ax.set_ylabel("density")
ax.ticklabel_format(axis="x", style="plain")
ax.legend()
ax.set_title("Price distribution by neighborhood")
fig.savefig("out/price_kde.png", dpi=80, bbox_inches="tight")
