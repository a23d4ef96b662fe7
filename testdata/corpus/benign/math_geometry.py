# label: benign
import cmath
import math


def triangle_area(a: float, b: float, c: float) -> float:
    s = (a + b + c) / 2
    return math.sqrt(s * (s - a) * (s - b) * (s - c))


print(triangle_area(3, 4, 5))
print(math.degrees(math.atan2(1, 1)))
print(cmath.sqrt(-4), abs(cmath.exp(1j * math.pi) + 1) < 1e-12)
