"""Summarize a small batch of orders: totals per customer, top products, and a price histogram."""

import json
import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal, ROUND_HALF_UP


@dataclass
class Order:
    order_id: int
    customer: str
    product: str
    quantity: int
    unit_price: Decimal
    day: date
    tags: list = field(default_factory=list)

    @property
    def total(self) -> Decimal:
        return (self.unit_price * self.quantity).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def make_orders(n: int) -> list:
    customers = ["ada", "grace", "linus", "guido", "ken", "barbara"]
    products = {"widget": "2.50", "gadget": "12.99", "doohickey": "0.75", "gizmo": "7.10"}
    names = sorted(products)
    start = date(2024, 1, 1)
    orders = []
    for i in range(n):
        product = names[(i * 7) % len(names)]
        orders.append(
            Order(
                order_id=i,
                customer=customers[(i * 5) % len(customers)],
                product=product,
                quantity=1 + (i * 3) % 9,
                unit_price=Decimal(products[product]),
                day=start + timedelta(days=i % 31),
                tags=["bulk"] if i % 4 == 0 else [],
            )
        )
    return orders


def totals_by_customer(orders: list) -> dict:
    totals = defaultdict(Decimal)
    for o in orders:
        totals[o.customer] += o.total
    return dict(sorted(totals.items(), key=lambda kv: (-kv[1], kv[0])))


def top_products(orders: list, k: int = 3) -> list:
    counts = Counter()
    for o in orders:
        counts[o.product] += o.quantity
    return counts.most_common(k)


def histogram(values: list, buckets: int = 5) -> list:
    lo, hi = min(values), max(values)
    width = (hi - lo) / buckets or 1
    bins = [0] * buckets
    for v in values:
        idx = min(int((v - lo) / width), buckets - 1)
        bins[idx] += 1
    return bins


def busiest_days(orders: list, k: int = 3) -> list:
    per_day = Counter(o.day.isoformat() for o in orders)
    return sorted(per_day.items(), key=lambda kv: (-kv[1], kv[0]))[:k]


def describe(orders: list) -> dict:
    amounts = [float(o.total) for o in orders]
    return {
        "orders": len(orders),
        "revenue": str(sum((o.total for o in orders), Decimal("0"))),
        "mean": round(statistics.mean(amounts), 2),
        "median": round(statistics.median(amounts), 2),
        "stdev": round(statistics.pstdev(amounts), 2),
        "bulk_share": round(sum(1 for o in orders if "bulk" in o.tags) / len(orders), 3),
    }


def main() -> None:
    orders = make_orders(240)
    report = {
        "summary": describe(orders),
        "customers": {c: str(t) for c, t in totals_by_customer(orders).items()},
        "top_products": top_products(orders),
        "histogram": histogram([float(o.total) for o in orders]),
        "busiest_days": busiest_days(orders),
    }
    print(json.dumps(report, indent=2, sort_keys=True))


if __name__ == "__main__":
    main()
