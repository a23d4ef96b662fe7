# label: benign
from fractions import Fraction

h = sum(Fraction(1, n) for n in range(1, 11))
print(h, float(h))
