# label: benign
"""Summarise a small sales CSV: totals per region, mean and median order size."""
import csv
import io
import statistics
from collections import defaultdict
from decimal import Decimal, ROUND_HALF_UP

RAW = """region,product,quantity,unit_price
north,widget,3,2.50
south,gadget,1,19.99
north,gadget,2,19.99
east,widget,10,2.50
south,widget,4,2.45
"""


def load_rows(text):
    reader = csv.DictReader(io.StringIO(text))
    rows = []
    for row in reader:
        row["quantity"] = int(row["quantity"])
        row["unit_price"] = Decimal(row["unit_price"])
        rows.append(row)
    return rows


def summarise(rows):
    totals = defaultdict(Decimal)
    sizes = []
    for row in rows:
        amount = row["quantity"] * row["unit_price"]
        totals[row["region"]] += amount
        sizes.append(float(amount))
    return totals, statistics.mean(sizes), statistics.median(sizes), statistics.pstdev(sizes)


rows = load_rows(RAW)
totals, mean, median, spread = summarise(rows)
out = io.StringIO()
writer = csv.writer(out, lineterminator="\n")
writer.writerow(["region", "total"])
for region in sorted(totals):
    writer.writerow([region, totals[region].quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)])
print(out.getvalue(), end="")
print(f"mean={mean:.2f} median={median:.2f} stdev={spread:.2f}")
