# task: Compute Pearson and Spearman correlations of the numeric housing features and plot the correlation matrix
# artifacts: out/correlations.csv out/correlation_matrix.png
# inputs: housing.csv
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from scipy.stats import pearsonr

df = pd.read_csv("housing.csv").select_dtypes("number")
pearson = df.corr(method="pearson")
spearman = df.corr(method="spearman")

rows = []
cols = list(df.columns)
for i, a in enumerate(cols):
    for b in cols[i + 1:]:
        r, p = pearsonr(df[a], df[b])
        rows.append({"a": a, "b": b, "pearson": r, "p_value": p, "spearman": spearman.loc[a, b]})
pairs = pd.DataFrame(rows).sort_values("pearson", key=np.abs, ascending=False)
print(pairs.round(4).to_string(index=False))
pairs.round(6).to_csv("out/correlations.csv", index=False)

fig, ax = plt.subplots(figsize=(6, 5))
mask = np.triu(np.ones_like(pearson, dtype=bool), k=1)
im = ax.imshow(np.ma.array(pearson, mask=mask), cmap="coolwarm", vmin=-1, vmax=1)
ax.set_xticks(range(len(cols)), labels=cols, rotation=45, ha="right")
ax.set_yticks(range(len(cols)), labels=cols)
for i in range(len(cols)):
    for j in range(i + 1):
        ax.text(j, i, f"{pearson.iloc[i, j]:.2f}", ha="center", va="center", fontsize=8)
fig.colorbar(im)
ax.set_title("Pearson correlation")
fig.tight_layout()
fig.savefig("out/correlation_matrix.png", dpi=80)
