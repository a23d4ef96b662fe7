# label: benign
from functools import cached_property
from typing import Generic, TypeVar

T = TypeVar("T")


class Box(Generic[T]):
    def __init__(self, item: T) -> None:
        self.item = item

    @cached_property
    def doubled(self) -> list[T]:
        return [self.item, self.item]


print(Box(3).doubled, Box[str]("x").item)
