# task: Decompose hourly temperature from sensor.csv into trend, daily seasonality and residual using rolling means, and plot the parts
# artifacts: out/decomposition.png out/components.csv
# inputs: sensor.csv
import pandas as pd
import matplotlib.pyplot as plt

raw = pd.read_csv("sensor.csv", parse_dates=["timestamp"])
series = (raw.query("sensor == 'A'")
          .set_index("timestamp")["temperature_c"]
          .resample("H").mean()
          .interpolate(method="time"))
print(series.describe())

trend = series.rolling(24, center=True).mean()
detrended = series - trend
seasonal_profile = detrended.groupby(detrended.index.hour).mean()
seasonal = pd.Series(seasonal_profile.reindex(series.index.hour).to_numpy(), index=series.index)
resid = series - trend - seasonal
components = pd.DataFrame({"observed": series, "trend": trend, "seasonal": seasonal, "residual": resid})
print("seasonal amplitude: %.2f °C" % (seasonal_profile.max() - seasonal_profile.min()))
print("residual std: %.3f" % resid.std())
components.round(3).to_csv("out/components.csv")

fig, axes = plt.subplots(4, 1, figsize=(10, 8), sharex=True)
for ax, col in zip(axes, components.columns):
    components[col].plot(ax=ax, lw=0.8)
    ax.set_ylabel(col)
fig.suptitle("Additive decomposition of sensor A temperature")
fig.tight_layout()
fig.savefig("out/decomposition.png", dpi=70)
