# task: Join orders.csv with customers.csv, flag orders from unknown customers, and total spend per segment
# artifacts: out/orders_enriched.csv out/segment_spend.csv
# inputs: customers.csv orders.csv
import pandas as pd

customers = pd.read_csv("customers.csv", parse_dates=["signup_date"])
orders = pd.read_csv("orders.csv", parse_dates=["order_date"])

merged = orders.merge(customers, on="customer_id", how="left", indicator=True)
merged["known_customer"] = merged["_merge"] == "both"
merged = merged.drop(columns="_merge")
unknown = (~merged["known_customer"]).sum()
print(f"{len(merged)} orders, {unknown} from customers not in the customer table")

merged["days_since_signup"] = (merged["order_date"] - merged["signup_date"]).dt.days
merged.to_csv("out/orders_enriched.csv", index=False)

shipped = merged[merged["status"] == "shipped"]
segment = (
    shipped.groupby("segment", dropna=False)["amount"]
    .agg(["count", "sum", "mean", "median"])
    .rename(columns={"count": "orders", "sum": "total"})
    .round(2)
)
print(segment)
segment.to_csv("out/segment_spend.csv")

inner = pd.merge(orders, customers[["customer_id", "country"]], on="customer_id", how="inner")
print(inner.groupby("country")["amount"].sum().round(2).sort_values(ascending=False))
