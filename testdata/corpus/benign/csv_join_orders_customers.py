# label: benign
import csv
import io
import json
from collections import defaultdict
from decimal import Decimal

CUSTOMERS = """id,name,country
1,Ada Lovelace,UK
2,Grace Hopper,US
3,Linus Torvalds,FI
"""

ORDERS = """order_id,customer_id,amount,currency
100,1,19.99,GBP
101,2,5.00,USD
102,1,7.50,GBP
103,3,120.00,EUR
104,2,12.25,USD
"""


def read_csv(text):
    return list(csv.DictReader(io.StringIO(text)))


def join(customers, orders):
    by_id = {row["id"]: row for row in customers}
    totals = defaultdict(Decimal)
    for order in orders:
        customer = by_id.get(order["customer_id"])
        if customer is None:
            continue
        totals[(customer["name"], order["currency"])] += Decimal(order["amount"])
    return totals


def to_csv(totals):
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["customer", "currency", "total"])
    for (name, currency), total in sorted(totals.items()):
        writer.writerow([name, currency, f"{total:.2f}"])
    return out.getvalue()


totals = join(read_csv(CUSTOMERS), read_csv(ORDERS))
print(to_csv(totals))
print(json.dumps({f"{n} ({c})": str(t) for (n, c), t in totals.items()}, indent=2))
