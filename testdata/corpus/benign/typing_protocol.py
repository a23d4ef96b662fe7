# label: benign
from typing import Iterable, Protocol


class Shape(Protocol):
    def area(self) -> float: ...


class Square:
    def __init__(self, side: float) -> None:
        self.side = side

    def area(self) -> float:
        return self.side ** 2


class Circle:
    def __init__(self, r: float) -> None:
        self.r = r

    def area(self) -> float:
        return 3.14159 * self.r ** 2


def total_area(shapes: Iterable[Shape]) -> float:
    return sum(s.area() for s in shapes)


print(round(total_area([Square(2), Circle(1)]), 3))
