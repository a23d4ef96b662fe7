# task: Bootstrap a 95% confidence interval for the median order amount in orders.csv and compare with scipy's bootstrap
# artifacts: out/bootstrap_hist.png out/bootstrap_ci.json
# inputs: orders.csv
import json

import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from scipy.stats import bootstrap

amounts = pd.read_csv("orders.csv")["amount"].to_numpy()
rng = np.random.default_rng(11)

B = 5000
idx = rng.integers(0, len(amounts), size=(B, len(amounts)))
medians = np.median(amounts[idx], axis=1)
lo, hi = np.percentile(medians, [2.5, 97.5])
print(f"median = {np.median(amounts):.2f}, percentile CI = [{lo:.2f}, {hi:.2f}]")

res = bootstrap((amounts,), np.median, n_resamples=2000, confidence_level=0.95, method="BCa", random_state=11)
ci = res.confidence_interval
print(f"scipy BCa CI = [{ci.low:.2f}, {ci.high:.2f}]")

with open("out/bootstrap_ci.json", "w") as fh:
    json.dump({"median": float(np.median(amounts)), "percentile_ci": [float(lo), float(hi)],
               "bca_ci": [float(ci.low), float(ci.high)], "resamples": B}, fh, indent=2)

plt.hist(medians, bins=40, color="lightsteelblue", edgecolor="white")
for v in (lo, hi):
    plt.axvline(v, color="crimson", ls="--")
plt.title("Bootstrap distribution of the median")
plt.xlabel("median amount")
plt.savefig("out/bootstrap_hist.png", dpi=80)
