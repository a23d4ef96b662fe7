# task: Filter orders.csv with query(), add computed columns with eval(), bin amounts into quartiles and fixed bands, and summarize
# artifacts: out/order_bands.csv out/band_summary.csv
# inputs: orders.csv
import pandas as pd

orders = pd.read_csv("orders.csv", parse_dates=["order_date"])
min_amount = 20
recent = orders.query("status != 'pending' and amount >= @min_amount and order_date >= '2023-09-01'")
print(f"{len(recent)} of {len(orders)} orders kept")

recent = recent.eval("tax = amount * 0.08\ntotal = amount + tax")
recent["quartile"] = pd.qcut(recent["amount"], 4, labels=["Q1", "Q2", "Q3", "Q4"])
recent["band"] = pd.cut(recent["amount"], bins=[0, 25, 50, 100, float("inf")], labels=["<25", "25-50", "50-100", "100+"], right=False)
recent.to_csv("out/order_bands.csv", index=False)

summary = (recent.groupby(["band", "status"], observed=True)
           .agg(orders=("order_id", "count"), revenue=("total", "sum"))
           .round(2))
summary["share"] = (summary["revenue"] / summary["revenue"].sum()).round(3)
print(summary)
summary.to_csv("out/band_summary.csv")
