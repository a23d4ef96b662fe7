# task: Fit a Hill (sigmoid) dose-response curve to experiment.txt and report EC50 with confidence intervals
# artifacts: out/dose_response.png out/fit_params.csv
# inputs: experiment.txt
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from scipy.optimize import curve_fit


def hill(dose, top, ec50, n):
    return top / (1 + (ec50 / dose) ** n)


data = np.loadtxt("experiment.txt", comments="#")
dose, response = data[:, 0], data[:, 1]
print(f"{len(dose)} measurements, doses {np.unique(dose)}")

popt, pcov = curve_fit(hill, dose, response, p0=[100, 5, 1], bounds=([0, 1e-3, 0.1], [200, 1e3, 5]))
perr = np.sqrt(np.diag(pcov))
params = pd.DataFrame({"estimate": popt, "std_err": perr, "ci_low": popt - 1.96 * perr, "ci_high": popt + 1.96 * perr},
                      index=["top", "ec50", "hill_n"])
print(params.round(3))
params.round(5).to_csv("out/fit_params.csv")

residuals = response - hill(dose, *popt)
r2 = 1 - np.sum(residuals ** 2) / np.sum((response - response.mean()) ** 2)
print(f"R^2 = {r2:.4f}")

xs = np.logspace(np.log10(dose.min()), np.log10(dose.max()), 200)
fig, ax = plt.subplots(figsize=(6, 4))
ax.semilogx(dose, response, "o", alpha=0.7, label="data")
ax.semilogx(xs, hill(xs, *popt), "-", label=f"fit: EC50={popt[1]:.2f}, n={popt[2]:.2f}")
ax.axvline(popt[1], color="grey", ls=":")
ax.set_xlabel("dose")
ax.set_ylabel("response (%)")
ax.legend()
ax.set_title(f"Dose response (R² = {r2:.3f})")
fig.savefig("out/dose_response.png", dpi=100, bbox_inches="tight")
