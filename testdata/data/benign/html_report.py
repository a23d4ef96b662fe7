# task: Make a small HTML report of sales.csv with a summary table per region and an embedded chart
# artifacts: out/report.html out/report_chart.png out/summary.json
# inputs: sales.csv
import base64
import io
from datetime import date

import pandas as pd
import matplotlib.pyplot as plt

df = pd.read_csv("sales.csv", parse_dates=["date"])
df["revenue"] = df.units * df.unit_price
table = df.pivot_table(index="region", values=["units", "revenue"], aggfunc=["sum", "mean"]).round(1)
table.columns = [f"{a} {b}" for a, b in table.columns]

fig, ax = plt.subplots(figsize=(6, 3))
df.groupby([pd.Grouper(key="date", freq="M"), "region"])["revenue"].sum().unstack().plot(ax=ax, marker="o")
ax.set_title("Monthly revenue by region")
fig.tight_layout()
buf = io.BytesIO()
fig.savefig(buf, format="png", dpi=70)
fig.savefig("out/report_chart.png", dpi=70)
img64 = base64.b64encode(buf.getvalue()).decode("ascii")

html = f"""<!doctype html>
<html><head><meta charset="utf-8"><title>Sales report</title>
<style>body{{font-family:sans-serif}} table{{border-collapse:collapse}} td,th{{border:1px solid #ccc;padding:4px}}</style>
</head><body>
<h1>Sales report ({date(2024, 4, 30):%B %Y})</h1>
<p>{len(df)} transactions, total revenue ${df.revenue.sum():,.2f}.</p>
{table.to_html(classes="summary", border=0)}
<img src="data:image/png;base64,{img64}" alt="monthly revenue">
</body></html>
"""
with open("out/report.html", "w", encoding="utf-8") as f:
    f.write(html)
df.describe().to_json("out/summary.json", indent=2)
print("wrote out/report.html", len(html), "characters")
