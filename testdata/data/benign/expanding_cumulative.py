# task: For each sales rep in sales.csv, compute cumulative revenue, expanding averages and each rep's rank per month; no files needed, just print
# artifacts:
# inputs: sales.csv
import pandas as pd

pd.set_option("display.width", 120)
df = pd.read_csv("sales.csv", parse_dates=["date"]).sort_values("date")
df["revenue"] = df["units"] * df["unit_price"]

df["cum_revenue"] = df.groupby("rep")["revenue"].cumsum()
df["expanding_mean"] = df.groupby("rep")["revenue"].transform(lambda s: s.expanding().mean())
df["ewm_units"] = df.groupby("rep")["units"].transform(lambda s: s.ewm(span=10).mean())
print(df.groupby("rep").tail(1)[["rep", "date", "cum_revenue", "expanding_mean", "ewm_units"]].round(2).to_string(index=False))

monthly = df.groupby([df["date"].dt.to_period("M"), "rep"])["revenue"].sum().reset_index()
monthly["rank"] = monthly.groupby("date")["revenue"].rank(ascending=False, method="dense").astype(int)
table = monthly.pivot(index="rep", columns="date", values="rank")
print("\nMonthly rank by revenue:\n", table)
print("\nShare of revenue, top rep per month:")
for month, grp in monthly.groupby("date"):
    top = grp.nlargest(1, "revenue").iloc[0]
    print(f"  {month}: {top.rep} with {top.revenue / grp.revenue.sum():.1%}")
