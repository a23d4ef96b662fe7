# task: Find outliers in the order amounts of orders.csv with the IQR rule and z-scores, and show them on a boxplot
# artifacts: out/outliers.csv out/amount_boxplot.png
# inputs: orders.csv
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from scipy import stats

orders = pd.read_csv("orders.csv")
amount = orders["amount"]

q1, q3 = amount.quantile([0.25, 0.75])
iqr = q3 - q1
low, high = q1 - 1.5 * iqr, q3 + 1.5 * iqr
orders["iqr_outlier"] = ~amount.between(low, high)
orders["zscore"] = stats.zscore(amount)
orders["log_zscore"] = stats.zscore(np.log(amount))
orders["z_outlier"] = orders["log_zscore"].abs() > 3

print(f"IQR fences: [{low:.2f}, {high:.2f}] -> {orders.iqr_outlier.sum()} outliers")
print(f"|z| > 3 on log scale -> {orders.z_outlier.sum()} outliers")
flagged = orders[orders.iqr_outlier | orders.z_outlier].sort_values("amount", ascending=False)
print(flagged.head(10))
flagged.round(3).to_csv("out/outliers.csv", index=False)

fig, axes = plt.subplots(1, 2, figsize=(9, 4))
orders.boxplot(column="amount", by="status", ax=axes[0])
axes[0].set_title("amount by status")
axes[1].hist(np.log(amount), bins=30, color="slateblue")
axes[1].set_title("log(amount)")
plt.suptitle("")
fig.tight_layout()
fig.savefig("out/amount_boxplot.png", dpi=80)
