"""Inventory report generator.

Reads a small CSV of products, computes statistics per category, and prints
a formatted report. Written in the style of an assistant-generated script.
"""
from __future__ import annotations

import argparse
import csv
import io
import json
import logging
import math
import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass, field, asdict
from datetime import date, datetime, timedelta
from enum import Enum
from functools import lru_cache, reduce
from typing import Iterable, Iterator, Optional

logger = logging.getLogger(__name__)

SAMPLE_DATA = """sku,name,category,price,quantity,added
A-100,Widget,tools,9.99,120,2024-01-05
A-101,Gadget,tools,24.50,35,2024-02-11
B-200,Apple,food,0.45,900,2024-03-01
B-201,Banana,food,0.30,1200,2024-03-02
C-300,Notebook,office,3.75,300,2023-12-20
C-301,Pen,office,1.10,1500,2023-11-15
C-302,Stapler,office,12.00,40,2024-01-30
"""


class Category(Enum):
    TOOLS = "tools"
    FOOD = "food"
    OFFICE = "office"

    @classmethod
    def parse(cls, value: str) -> "Category":
        try:
            return cls(value.strip().lower())
        except ValueError as exc:
            raise ValueError(f"unknown category: {value!r}") from exc


@dataclass(frozen=True)
class Product:
    sku: str
    name: str
    category: Category
    price: float
    quantity: int
    added: date
    tags: tuple[str, ...] = field(default_factory=tuple)

    @property
    def value(self) -> float:
        return round(self.price * self.quantity, 2)

    def age_days(self, today: Optional[date] = None) -> int:
        today = today or date(2024, 6, 1)
        return (today - self.added).days


@dataclass
class CategoryStats:
    category: Category
    count: int = 0
    total_value: float = 0.0
    prices: list[float] = field(default_factory=list)

    def add(self, product: Product) -> None:
        self.count += 1
        self.total_value += product.value
        self.prices.append(product.price)

    @property
    def mean_price(self) -> float:
        return statistics.mean(self.prices) if self.prices else 0.0

    @property
    def stdev_price(self) -> float:
        return statistics.pstdev(self.prices) if len(self.prices) > 1 else 0.0


def parse_products(text: str) -> Iterator[Product]:
    reader = csv.DictReader(io.StringIO(text))
    for row in reader:
        yield Product(
            sku=row["sku"],
            name=row["name"],
            category=Category.parse(row["category"]),
            price=float(row["price"]),
            quantity=int(row["quantity"]),
            added=datetime.strptime(row["added"], "%Y-%m-%d").date(),
        )


def group_by_category(products: Iterable[Product]) -> dict[Category, CategoryStats]:
    stats: dict[Category, CategoryStats] = {}
    for p in products:
        stats.setdefault(p.category, CategoryStats(p.category)).add(p)
    return stats


@lru_cache(maxsize=None)
def discount_for(quantity: int) -> float:
    if quantity >= 1000:
        return 0.15
    if quantity >= 100:
        return 0.05
    return 0.0


def restock_candidates(products: list[Product], threshold: int = 50) -> list[Product]:
    return sorted((p for p in products if p.quantity < threshold), key=lambda p: p.quantity)


def format_table(rows: list[list[str]], headers: list[str]) -> str:
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]
    line = " | ".join(h.ljust(w) for h, w in zip(headers, widths))
    sep = "-+-".join("-" * w for w in widths)
    body = [" | ".join(str(c).ljust(w) for c, w in zip(r, widths)) for r in rows]
    return "\n".join([line, sep, *body])


def summarize(products: list[Product]) -> dict:
    stats = group_by_category(products)
    total = reduce(lambda acc, p: acc + p.value, products, 0.0)
    counts = Counter(p.category.value for p in products)
    oldest = max(products, key=lambda p: p.age_days())
    return {
        "total_value": round(total, 2),
        "categories": {c.value: {"count": s.count, "mean": round(s.mean_price, 2),
                                  "stdev": round(s.stdev_price, 3)} for c, s in stats.items()},
        "counts": dict(counts),
        "oldest": asdict(oldest) | {"category": oldest.category.value, "added": oldest.added.isoformat()},
    }


def moving_average(values: list[float], window: int = 3) -> list[float]:
    if window <= 0:
        raise ValueError("window must be positive")
    out = []
    for i in range(len(values) - window + 1):
        chunk = values[i:i + window]
        out.append(sum(chunk) / window)
    return out


def geometric_mean(values: list[float]) -> float:
    if not values or any(v <= 0 for v in values):
        return 0.0
    return math.exp(sum(math.log(v) for v in values) / len(values))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description="Inventory report")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--threshold", type=int, default=50)
    return parser


def main(argv: Optional[list[str]] = None) -> int:
    args = build_parser().parse_args(argv or [])
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    products = list(parse_products(SAMPLE_DATA))
    logger.info("loaded %d products", len(products))
    summary = summarize(products)
    if args.json:
        print(json.dumps(summary, indent=2, default=str))
        return 0
    rows = [[p.sku, p.name, p.category.value, f"{p.price:.2f}", str(p.quantity), f"{p.value:,.2f}"]
            for p in products]
    print(format_table(rows, ["SKU", "Name", "Category", "Price", "Qty", "Value"]))
    print()
    for cat, info in summary["categories"].items():
        print("{:<8} count={count} mean={mean} stdev={stdev}".format(cat, **info))
    low = restock_candidates(products, args.threshold)
    if low:
        names = ", ".join(p.name for p in low)
        print(f"Restock soon: {names}")
    prices = [p.price for p in products]
    print(f"Moving average: {[round(x, 2) for x in moving_average(prices)]}")
    print(f"Geometric mean price: {geometric_mean(prices):.3f}")
    match summary["counts"]:
        case {"food": n} if n > 1:
            print(f"{n} food items")
        case _:
            print("no food")
    if (deadline := date(2024, 6, 1) + timedelta(days=30)) > date(2024, 6, 15):
        print(f"Next review by {deadline:%Y-%m-%d}")
    for p in products:
        d = discount_for(p.quantity)
        if d:
            print(f"{p.name}: {d:.0%} bulk discount")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
