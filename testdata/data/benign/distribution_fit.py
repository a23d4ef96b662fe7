# task: Which distribution fits the order amounts in orders.csv best? Fit normal, lognormal and gamma, compare AIC and KS tests
# artifacts: out/distribution_fits.csv out/distribution_fit.png
# inputs: orders.csv
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from scipy import stats

x = pd.read_csv("orders.csv")["amount"].to_numpy()
candidates = {"norm": stats.norm, "lognorm": stats.lognorm, "gamma": stats.gamma, "expon": stats.expon}

rows = []
for name, dist in candidates.items():
    params = dist.fit(x, floc=0) if name in ("lognorm", "gamma") else dist.fit(x)
    loglik = np.sum(dist.logpdf(x, *params))
    k = len(params) - (1 if name in ("lognorm", "gamma") else 0)
    ks = stats.kstest(x, name, args=params)
    rows.append({"distribution": name, "params": np.round(params, 4).tolist(), "loglik": loglik,
                 "aic": 2 * k - 2 * loglik, "ks_stat": ks.statistic, "ks_p": ks.pvalue})
fits = pd.DataFrame(rows).sort_values("aic")
print(fits.round(4).to_string(index=False))
fits.round(6).to_csv("out/distribution_fits.csv", index=False)

grid = np.linspace(x.min(), x.max(), 300)
plt.hist(x, bins=35, density=True, alpha=0.4, color="gray", label="data")
for _, row in fits.iterrows():
    plt.plot(grid, candidates[row.distribution].pdf(grid, *row.params), label=f"{row.distribution} (AIC {row.aic:.0f})")
plt.legend()
plt.title("Fitted distributions of order amount")
plt.savefig("out/distribution_fit.png", dpi=80)
