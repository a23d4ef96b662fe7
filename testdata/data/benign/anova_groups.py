# task: Do house prices differ across neighborhoods in housing.csv? Run one-way ANOVA, Kruskal-Wallis and Tukey's HSD
# artifacts: out/anova.txt out/price_by_neighborhood.png
# inputs: housing.csv
import pandas as pd
import matplotlib.pyplot as plt
from scipy import stats

df = pd.read_csv("housing.csv")
groups = {name: g["price"].to_numpy() for name, g in df.groupby("neighborhood")}
names = list(groups)

f_stat, p_anova = stats.f_oneway(*groups.values())
h_stat, p_kw = stats.kruskal(*groups.values())
tukey = stats.tukey_hsd(*groups.values())

lines = [f"One-way ANOVA: F={f_stat:.3f}, p={p_anova:.3g}", f"Kruskal-Wallis: H={h_stat:.3f}, p={p_kw:.3g}", "", "Tukey HSD:"]
for i in range(len(names)):
    for j in range(i + 1, len(names)):
        diff = groups[names[i]].mean() - groups[names[j]].mean()
        lines.append(f"  {names[i]:>9} - {names[j]:<9} diff={diff:>10,.0f}  p={tukey.pvalue[i, j]:.4f}")
text = "\n".join(lines)
print(text)
with open("out/anova.txt", "w", encoding="utf-8") as fh:
    fh.write(text + "\n")

fig, ax = plt.subplots(figsize=(6, 4))
ax.boxplot(list(groups.values()), labels=names, showmeans=True)
ax.set_ylabel("price")
ax.set_title(f"Price by neighborhood (ANOVA p={p_anova:.2g})")
fig.savefig("out/price_by_neighborhood.png", dpi=80)
