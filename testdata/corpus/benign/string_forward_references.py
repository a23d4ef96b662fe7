# label: benign
from __future__ import annotations

from typing import Annotated, get_type_hints


class Node:
    def __init__(self, value: int, next: "Node | None" = None) -> None:
        self.value = value
        self.next = next

    def append(self, value: "int") -> "Node":
        self.next = Node(value)
        return self.next


Positive = Annotated[int, "must be > 0"]


def scale(x: Positive, factor: "float" = 2.0) -> "float":
    return x * factor


print(get_type_hints(scale, include_extras=True))
print(Node(1).append(2).value)
