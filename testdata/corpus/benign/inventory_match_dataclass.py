# label: benign
from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    kind: str
    amount: int = 0


def apply(stock: int, event: Event) -> int:
    match event:
        case Event(kind="restock", amount=n):
            return stock + n
        case Event(kind="sale", amount=n) if n <= stock:
            return stock - n
        case Event(kind="sale"):
            raise ValueError("oversold")
        case _:
            return stock


stock = 0
for e in [Event("restock", 10), Event("sale", 3), Event("audit")]:
    stock = apply(stock, e)
print(stock)
