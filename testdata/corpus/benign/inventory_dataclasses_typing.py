# label: benign
"""An inventory model with dataclasses, enums and typing, serialised to JSON."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from enum import Enum, auto
from typing import Iterable, Optional


class Category(Enum):
    TOOLS = auto()
    PARTS = auto()
    SUPPLIES = auto()


@dataclass(frozen=True)
class Item:
    sku: str
    name: str
    category: Category
    quantity: int = 0
    tags: tuple[str, ...] = ()

    def restock(self, amount: int) -> Item:
        return replace(self, quantity=self.quantity + amount)


@dataclass
class Inventory:
    items: dict[str, Item] = field(default_factory=dict)

    def add(self, item: Item) -> None:
        self.items[item.sku] = item

    def find(self, sku: str) -> Optional[Item]:
        return self.items.get(sku)

    def low_stock(self, threshold: int = 5) -> Iterable[Item]:
        return (i for i in self.items.values() if i.quantity < threshold)

    def to_json(self) -> str:
        def encode(item: Item) -> dict:
            d = asdict(item)
            d["category"] = item.category.name
            return d
        return json.dumps([encode(i) for i in self.items.values()], indent=2)


inv = Inventory()
inv.add(Item("H-1", "hammer", Category.TOOLS, 3, ("steel",)))
inv.add(Item("S-9", "screws", Category.PARTS, 250))
inv.add(Item("G-2", "gloves", Category.SUPPLIES, 1))
inv.add(inv.find("G-2").restock(10))
print([i.name for i in inv.low_stock()])
print(inv.to_json())
