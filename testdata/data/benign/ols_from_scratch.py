# task: Fit an OLS regression of price on sqft and age by hand with numpy, with standard errors, t-stats, p-values and R²
# artifacts: out/ols_summary.txt
# inputs: housing.csv
import numpy as np
import pandas as pd
from scipy import stats


class OLS:
    def __init__(self, y, X, names):
        self.y, self.X, self.names = y, X, names

    def fit(self):
        n, k = self.X.shape
        XtX_inv = np.linalg.inv(self.X.T @ self.X)
        self.beta = XtX_inv @ self.X.T @ self.y
        resid = self.y - self.X @ self.beta
        self.sigma2 = resid @ resid / (n - k)
        self.se = np.sqrt(np.diag(XtX_inv) * self.sigma2)
        self.t = self.beta / self.se
        self.p = 2 * stats.t.sf(np.abs(self.t), df=n - k)
        self.r2 = 1 - (resid @ resid) / np.sum((self.y - self.y.mean()) ** 2)
        self.adj_r2 = 1 - (1 - self.r2) * (n - 1) / (n - k)
        self.n, self.k = n, k
        return self

    def summary(self):
        crit = stats.t.ppf(0.975, self.n - self.k)
        head = f"{'':>10} {'coef':>12} {'std err':>10} {'t':>8} {'P>|t|':>8} {'[0.025':>12} {'0.975]':>12}"
        rows = [f"{name:>10} {b:12.3f} {s:10.3f} {t:8.2f} {p:8.4f} {b - crit * s:12.3f} {b + crit * s:12.3f}"
                for name, b, s, t, p in zip(self.names, self.beta, self.se, self.t, self.p)]
        return "\n".join([f"OLS  n={self.n}  R²={self.r2:.4f}  adj R²={self.adj_r2:.4f}", head, *rows])


df = pd.read_csv("housing.csv")
X = np.column_stack([np.ones(len(df)), df["sqft"], df["age_years"]])
model = OLS(df["price"].to_numpy(float), X, ["const", "sqft", "age_years"]).fit()
text = model.summary()
print(text)
with open("out/ols_summary.txt", "w", encoding="utf-8") as f:
    f.write(text + "\n")
