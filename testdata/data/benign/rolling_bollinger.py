# task: Simulate a stock price and plot it with 20-day Bollinger bands and a 50-day moving average
# artifacts: out/bollinger.png out/signals.csv
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt

rng = np.random.default_rng(42)
dates = pd.bdate_range("2023-01-02", periods=260)
returns = rng.normal(0.0005, 0.015, len(dates))
price = pd.Series(100 * np.exp(np.cumsum(returns)), index=dates, name="close")

frame = price.to_frame()
frame["ma20"] = price.rolling(20).mean()
frame["sd20"] = price.rolling(20).std()
frame["upper"] = frame["ma20"] + 2 * frame["sd20"]
frame["lower"] = frame["ma20"] - 2 * frame["sd20"]
frame["ma50"] = price.rolling(50).mean()
frame["signal"] = np.select([price > frame["upper"], price < frame["lower"]], ["sell", "buy"], default="")

signals = frame[frame["signal"] != ""]
print(f"{len(signals)} band crossings")
signals.round(3).to_csv("out/signals.csv")

fig, ax = plt.subplots(figsize=(10, 5))
ax.plot(frame.index, frame["close"], label="close", color="black", lw=1)
ax.plot(frame.index, frame["ma50"], label="MA50", color="orange")
ax.fill_between(frame.index, frame["lower"], frame["upper"], alpha=0.2, label="Bollinger (20, 2σ)")
ax.scatter(signals.index, signals["close"], c=signals["signal"].map({"buy": "green", "sell": "red"}), zorder=3, s=15)
ax.legend(loc="upper left")
ax.set_title("Simulated price with Bollinger bands")
fig.autofmt_xdate()
fig.savefig("out/bollinger.png", dpi=90, bbox_inches="tight")
