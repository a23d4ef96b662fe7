# task: Build a 2x2 dashboard of the sales data: daily revenue, revenue share by product, units histogram, and rep leaderboard
# artifacts: out/dashboard.png
# inputs: sales.csv
import pandas as pd
import matplotlib.pyplot as plt

sales = pd.read_csv("sales.csv", parse_dates=["date"])
sales["revenue"] = sales.units * sales.unit_price

daily = sales.groupby("date")["revenue"].sum().asfreq("D", fill_value=0)
share = sales.groupby("product")["revenue"].sum()
reps = sales.groupby("rep")["revenue"].sum().sort_values()

fig, axs = plt.subplots(2, 2, figsize=(11, 8))
axs[0, 0].plot(daily.index, daily.values, color="lightgray", label="daily")
axs[0, 0].plot(daily.index, daily.rolling(7).mean(), color="navy", label="7-day mean")
axs[0, 0].set_title("Daily revenue")
axs[0, 0].legend()
axs[0, 0].tick_params(axis="x", rotation=30)

axs[0, 1].pie(share, labels=share.index, autopct="%1.0f%%", startangle=90)
axs[0, 1].set_title("Revenue share by product")

axs[1, 0].hist(sales.units, bins=range(1, 22), edgecolor="black", align="left")
axs[1, 0].set(title="Units per order", xlabel="units", ylabel="orders")

axs[1, 1].barh(reps.index, reps.values, color="teal")
for i, v in enumerate(reps.values):
    axs[1, 1].text(v, i, f" ${v:,.0f}", va="center", fontsize=8)
axs[1, 1].set_title("Revenue by rep")

fig.suptitle("Sales dashboard, Q1 2024", fontsize=15)
fig.tight_layout()
fig.savefig("out/dashboard.png", dpi=75)
print("saved out/dashboard.png")
