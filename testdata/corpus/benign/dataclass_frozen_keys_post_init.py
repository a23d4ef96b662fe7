# label: benign
# A frozen dataclass used as a dict key, with unsafe_hash on a mutable one and __post_init__.
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Coord:
    row: int
    col: int


@dataclass(unsafe_hash=True)
class Cell:
    coord: Coord
    value: str = field(default="", hash=False, compare=False)

    def __post_init__(self):
        self.value = self.value.strip()


grid = {Coord(0, 0): Cell(Coord(0, 0), " x "), Coord(0, 1): Cell(Coord(0, 1), "o")}
print(grid[Coord(0, 0)].value, len({Cell(Coord(1, 1)), Cell(Coord(1, 1), "z")}))
