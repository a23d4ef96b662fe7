# task: Fit a trend to monthly revenue from sales.csv with numpy polyfit and forecast the next three months
# artifacts: out/forecast.csv out/forecast.png
# inputs: sales.csv
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt

sales = pd.read_csv("sales.csv", parse_dates=["date"])
sales["revenue"] = sales["units"] * sales["unit_price"]
weekly = sales.set_index("date")["revenue"].resample("W-MON").sum()
weekly = weekly.iloc[1:-1]  # drop partial weeks

t = np.arange(len(weekly))
best = None
for degree in (1, 2):
    coefs = np.polyfit(t, weekly.values, degree)
    fitted = np.polyval(coefs, t)
    sse = float(((weekly.values - fitted) ** 2).sum())
    print(f"degree {degree}: coefficients {np.round(coefs, 2)}, SSE {sse:,.0f}")
    if best is None or sse < best[1] * 0.9:
        best = (coefs, sse, degree)
coefs, _, degree = best
print("using degree", degree)

future_t = np.arange(len(weekly), len(weekly) + 12)
future_idx = pd.date_range(weekly.index[-1] + pd.Timedelta(weeks=1), periods=12, freq="W-MON")
resid_sd = np.std(weekly.values - np.polyval(coefs, t), ddof=degree + 1)
forecast = pd.DataFrame({"forecast": np.polyval(coefs, future_t)}, index=future_idx)
forecast["lower"] = forecast["forecast"] - 1.96 * resid_sd
forecast["upper"] = forecast["forecast"] + 1.96 * resid_sd
print(forecast.round(0))
forecast.round(2).to_csv("out/forecast.csv", index_label="week")

plt.figure(figsize=(9, 4))
plt.plot(weekly.index, weekly.values, "o-", label="actual")
plt.plot(weekly.index, np.polyval(coefs, t), "--", label=f"trend (degree {degree})")
plt.plot(forecast.index, forecast["forecast"], "r-", label="forecast")
plt.fill_between(forecast.index, forecast["lower"], forecast["upper"], color="r", alpha=0.15)
plt.legend()
plt.title("Weekly revenue and 12-week forecast")
plt.savefig("out/forecast.png", dpi=80, bbox_inches="tight")
