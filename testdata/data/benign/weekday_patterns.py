# task: From sales.csv, which weekdays and weeks of the year sell the most? Add date features and chart units by weekday
# artifacts: out/weekday_units.png out/date_features.csv
# inputs: sales.csv
import pandas as pd
import matplotlib.pyplot as plt

df = pd.read_csv("sales.csv")
df["date"] = pd.to_datetime(df["date"], format="%Y-%m-%d")
df = df.assign(
    weekday=df["date"].dt.day_name(),
    week=df["date"].dt.isocalendar().week.astype(int),
    month=df["date"].dt.month_name(),
    is_weekend=df["date"].dt.dayofweek >= 5,
    quarter=df["date"].dt.quarter,
)
order = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
by_day = df.groupby("weekday")["units"].agg(["sum", "mean"]).reindex(order)
print(by_day.round(2))
print("weekend share of units: {:.1%}".format(df.loc[df.is_weekend, "units"].sum() / df["units"].sum()))
top_weeks = df.groupby("week")["units"].sum().nlargest(3)
print("top weeks:", top_weeks.to_dict())

df.to_csv("out/date_features.csv", index=False)

ax = by_day["sum"].plot.bar(color=["#888"] * 5 + ["#d62728"] * 2, figsize=(7, 4), rot=30)
ax.set_ylabel("units sold")
ax.set_title("Units by weekday")
plt.tight_layout()
plt.savefig("out/weekday_units.png")
