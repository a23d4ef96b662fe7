# label: benign
import math


class Vec3:
    __slots__ = ("x", "y", "z")

    def __init__(self, x=0.0, y=0.0, z=0.0):
        self.x, self.y, self.z = x, y, z

    def components(self):
        return tuple(getattr(self, name) for name in self.__slots__)

    def __add__(self, other):
        return Vec3(*(a + b for a, b in zip(self.components(), other.components())))

    def __mul__(self, k):
        return Vec3(*(a * k for a in self.components()))

    def norm(self):
        return math.sqrt(sum(c * c for c in self.components()))

    def __repr__(self):
        return "Vec3(" + ", ".join(f"{n}={getattr(self, n):g}" for n in self.__slots__) + ")"


a, b = Vec3(1, 2, 2), Vec3(0.5, -1, 0)
print(a + b, a * 2, a.norm())
