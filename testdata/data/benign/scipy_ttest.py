# task: Compare the order amounts of shipped versus returned orders in orders.csv with a t-test and a Mann-Whitney test
# artifacts: out/ttest_report.txt
# inputs: orders.csv
import pandas as pd
from scipy import stats

orders = pd.read_csv("orders.csv")
shipped = orders.loc[orders.status == "shipped", "amount"]
returned = orders.loc[orders.status == "returned", "amount"]
print(f"shipped n={len(shipped)} mean={shipped.mean():.2f}; returned n={len(returned)} mean={returned.mean():.2f}")

lev = stats.levene(shipped, returned)
welch = stats.ttest_ind(shipped, returned, equal_var=False)
mw = stats.mannwhitneyu(shipped, returned, alternative="two-sided")
sh1, sh2 = stats.shapiro(shipped), stats.shapiro(returned)

pooled_sd = ((shipped.var(ddof=1) * (len(shipped) - 1) + returned.var(ddof=1) * (len(returned) - 1)) / (len(shipped) + len(returned) - 2)) ** 0.5
cohens_d = (shipped.mean() - returned.mean()) / pooled_sd

lines = [
    "Shipped vs returned order amounts",
    f"Shapiro-Wilk shipped: W={sh1.statistic:.4f} p={sh1.pvalue:.4g}",
    f"Shapiro-Wilk returned: W={sh2.statistic:.4f} p={sh2.pvalue:.4g}",
    f"Levene equal variances: stat={lev.statistic:.4f} p={lev.pvalue:.4g}",
    f"Welch t-test: t={welch.statistic:.4f} p={welch.pvalue:.4g}",
    f"Mann-Whitney U: U={mw.statistic:.1f} p={mw.pvalue:.4g}",
    f"Cohen's d: {cohens_d:.3f}",
    "Conclusion: " + ("significant difference" if welch.pvalue < 0.05 else "no significant difference") + " at alpha=0.05",
]
report = "\n".join(lines)
print(report)
with open("out/ttest_report.txt", "w") as f:
    f.write(report + "\n")
