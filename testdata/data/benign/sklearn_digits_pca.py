# task: Reduce the handwritten digits dataset to 2D with PCA, plot it, and report how many components keep 95% of the variance
# artifacts: out/pca_scatter.png out/explained_variance.csv
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from sklearn.datasets import load_digits
from sklearn.decomposition import PCA

digits = load_digits()
X, y = digits.data, digits.target
print("data shape:", X.shape)

full = PCA().fit(X)
cum = np.cumsum(full.explained_variance_ratio_)
n95 = int(np.searchsorted(cum, 0.95) + 1)
print(f"{n95} components explain 95% of the variance")
pd.DataFrame({"component": np.arange(1, len(cum) + 1), "ratio": full.explained_variance_ratio_, "cumulative": cum}).round(5).to_csv(
    "out/explained_variance.csv", index=False)

proj = PCA(n_components=2, random_state=0).fit_transform(X)
fig, ax = plt.subplots(figsize=(7, 6))
sc = ax.scatter(proj[:, 0], proj[:, 1], c=y, cmap="tab10", s=8, alpha=0.8)
fig.colorbar(sc, ax=ax, ticks=range(10), label="digit")
for d in range(10):
    cx, cy = np.median(proj[y == d], axis=0)
    ax.annotate(str(d), (cx, cy), fontsize=14, weight="bold")
ax.set(xlabel="PC1", ylabel="PC2", title="Digits projected on the first two principal components")
fig.savefig("out/pca_scatter.png", dpi=80)
