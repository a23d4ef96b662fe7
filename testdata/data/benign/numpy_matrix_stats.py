# task: Simulate daily returns for five assets, compute the covariance matrix, and find the minimum-variance portfolio weights
# artifacts: out/portfolio.csv out/efficient_frontier.png
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from scipy.optimize import minimize

rng = np.random.default_rng(99)
assets = ["AAA", "BBB", "CCC", "DDD", "EEE"]
mu = np.array([0.08, 0.10, 0.12, 0.07, 0.15]) / 252
vol = np.array([0.15, 0.20, 0.25, 0.10, 0.35]) / np.sqrt(252)
corr = np.full((5, 5), 0.3) + 0.7 * np.eye(5)
cov = np.outer(vol, vol) * corr
returns = rng.multivariate_normal(mu, cov, size=750)

sample_cov = np.cov(returns, rowvar=False) * 252
sample_mu = returns.mean(axis=0) * 252
ones = np.ones(len(assets))
inv = np.linalg.inv(sample_cov)
w_minvar = inv @ ones / (ones @ inv @ ones)

frontier = []
for target in np.linspace(sample_mu.min(), sample_mu.max(), 25):
    cons = ({"type": "eq", "fun": lambda w: w.sum() - 1}, {"type": "eq", "fun": lambda w, t=target: w @ sample_mu - t})
    res = minimize(lambda w: w @ sample_cov @ w, ones / 5, constraints=cons, bounds=[(0, 1)] * 5, method="SLSQP")
    if res.success:
        frontier.append((np.sqrt(res.fun), target))
frontier = np.array(frontier)

table = pd.DataFrame({"annual_return": sample_mu, "annual_vol": np.sqrt(np.diag(sample_cov)), "min_var_weight": w_minvar}, index=assets)
print(table.round(4))
print(f"min-variance portfolio vol: {np.sqrt(w_minvar @ sample_cov @ w_minvar):.4f}")
table.round(6).to_csv("out/portfolio.csv")

plt.plot(frontier[:, 0], frontier[:, 1], "b-", label="efficient frontier (long only)")
plt.scatter(table.annual_vol, table.annual_return, c="k")
for name, row in table.iterrows():
    plt.annotate(name, (row.annual_vol, row.annual_return))
plt.xlabel("volatility")
plt.ylabel("return")
plt.legend()
plt.savefig("out/efficient_frontier.png", dpi=80)
