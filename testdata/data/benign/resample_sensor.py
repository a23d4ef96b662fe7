# task: Resample the 15-minute sensor readings in sensor.csv to hourly and daily values per sensor and plot them
# artifacts: out/hourly.csv out/daily_summary.csv out/sensor_daily.png
# inputs: sensor.csv
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

df = pd.read_csv("sensor.csv", parse_dates=["timestamp"])
print(df.info())
print("missing temperatures:", df["temperature_c"].isna().sum())

wide = df.pivot_table(index="timestamp", columns="sensor", values="temperature_c")
hourly = wide.resample("H").mean().interpolate(limit=2)
hourly.to_csv("out/hourly.csv")

daily = df.set_index("timestamp").groupby("sensor").resample("D").agg(
    {"temperature_c": ["mean", "min", "max"], "humidity": "mean"}
)
daily.columns = ["_".join(c) for c in daily.columns]
daily = daily.round(2)
print(daily.head())
daily.to_csv("out/daily_summary.csv")

fig, axes = plt.subplots(2, 1, figsize=(9, 6), sharex=True)
hourly.plot(ax=axes[0], linewidth=0.8)
axes[0].set_ylabel("°C (hourly)")
hourly.rolling(24, min_periods=12).mean().plot(ax=axes[1])
axes[1].set_ylabel("°C (24h rolling mean)")
fig.suptitle("Temperature by sensor")
fig.tight_layout()
plt.savefig("out/sensor_daily.png", dpi=80)
