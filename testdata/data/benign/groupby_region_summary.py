# task: Using sales.csv, summarize revenue by region and product and chart revenue per region
# artifacts: out/region_summary.csv out/region_revenue.png
# inputs: sales.csv
import pandas as pd
import matplotlib.pyplot as plt

df = pd.read_csv("sales.csv", parse_dates=["date"])
df["revenue"] = df["units"] * df["unit_price"]

summary = (
    df.groupby(["region", "product"])
    .agg(orders=("units", "size"), units=("units", "sum"), revenue=("revenue", "sum"), avg_price=("unit_price", "mean"))
    .round(2)
    .reset_index()
    .sort_values(["region", "revenue"], ascending=[True, False])
)
print(summary.head(10))
summary.to_csv("out/region_summary.csv", index=False)

by_region = df.groupby("region")["revenue"].sum().sort_values(ascending=False)
print("\nRevenue by region:\n", by_region)

fig, ax = plt.subplots(figsize=(7, 4))
bars = ax.bar(by_region.index, by_region.values, color=["#4C72B0", "#55A868", "#C44E52", "#8172B2"])
ax.bar_label(bars, fmt="%.0f")
ax.set_title("Revenue by region")
ax.set_ylabel("Revenue ($)")
fig.tight_layout()
fig.savefig("out/region_revenue.png", dpi=100)
print("Chart saved to out/region_revenue.png")
