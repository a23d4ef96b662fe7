# label: benign
from dataclasses import dataclass, field


@dataclass
class Item:
    name: str
    price: float
    quantity: int = 0
    tags: list[str] = field(default_factory=list)

    @property
    def total(self) -> float:
        return self.price * self.quantity


inventory = [
    Item("widget", 2.50, 10, ["small"]),
    Item("gadget", 12.00, 3),
    Item("doohickey", 0.75, 120, ["bulk", "small"]),
]

for item in sorted(inventory, key=lambda i: i.total, reverse=True):
    print(f"{item.name:<10} {item.quantity:>4} x {item.price:6.2f} = {item.total:8.2f}")

print(f"Grand total: {sum(i.total for i in inventory):.2f}")
