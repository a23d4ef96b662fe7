# label: benign
from typing import NamedTuple


class Point(NamedTuple):
    x: float
    y: float

    def dist(self, other: "Point") -> float:
        return ((self.x - other.x) ** 2 + (self.y - other.y) ** 2) ** 0.5


pts = [Point(0, 0), Point(3, 4), Point(-1, 2)]
origin = pts[0]
print(sorted(pts, key=origin.dist))
print(pts[1]._asdict())
