# task: Flatten the nested orders.json (customer object, list of items) into a line-item table and summarize revenue per SKU and tier
# artifacts: out/line_items.csv out/sku_summary.json
# inputs: orders.json
import json

import pandas as pd

with open("orders.json", encoding="utf-8") as f:
    orders = json.load(f)
print(f"{len(orders)} orders; first: {json.dumps(orders[0])[:120]}...")

items = pd.json_normalize(orders, record_path="items", meta=["id", "placed", ["customer", "name"], ["customer", "tier"]])
items = items.rename(columns={"customer.name": "customer", "customer.tier": "tier", "id": "order_id"})
items["placed"] = pd.to_datetime(items["placed"])
items["line_total"] = items["qty"] * items["price"]
print(items.head())
items.to_csv("out/line_items.csv", index=False)

by_sku = items.groupby("sku").agg(units=("qty", "sum"), revenue=("line_total", "sum"), orders=("order_id", "nunique"))
by_tier = items.pivot_table(index="tier", columns="sku", values="line_total", aggfunc="sum", fill_value=0)
summary = {"by_sku": by_sku.round(2).to_dict(orient="index"), "by_tier": by_tier.round(2).to_dict(orient="index"),
           "busiest_hour": int(items["placed"].dt.hour.mode()[0])}
with open("out/sku_summary.json", "w") as f:
    json.dump(summary, f, indent=2)
print(by_sku)
print(by_tier)
