# label: benign
# Forward references between classes, resolved with get_type_hints.
from __future__ import annotations

from typing import Optional, get_type_hints


class Node:
    value: int
    next: Optional[Node]

    def __init__(self, value: int, next: Optional[Node] = None) -> None:
        self.value = value
        self.next = next


class LinkedList:
    head: Optional[Node]

    def push(self, value: int) -> LinkedList:
        self.head = Node(value, getattr(self, "head", None))
        return self


print(get_type_hints(Node))
print(get_type_hints(LinkedList.push))
lst = LinkedList().push(1).push(2)
print(lst.head.value, lst.head.next.value)
