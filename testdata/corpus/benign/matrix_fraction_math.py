# label: benign
"""Exact linear algebra with fractions: Gaussian elimination, determinants and a few math helpers."""
import cmath
import math
from fractions import Fraction
from functools import reduce
from itertools import permutations
from operator import mul


def det(m):
    n = len(m)
    total = Fraction(0)
    for perm in permutations(range(n)):
        inversions = sum(1 for i in range(n) for j in range(i + 1, n) if perm[i] > perm[j])
        sign = -1 if inversions % 2 else 1
        total += sign * reduce(mul, (m[i][perm[i]] for i in range(n)), Fraction(1))
    return total


def solve(a, b):
    n = len(a)
    m = [[Fraction(x) for x in row] + [Fraction(y)] for row, y in zip(a, b)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if m[r][col] != 0)
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col]:
                factor = m[r][col] / m[col][col]
                m[r] = [x - factor * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


A = [[2, 1, -1], [-3, -1, 2], [-2, 1, 2]]
print(det([[Fraction(x) for x in row] for row in A]))
print(solve(A, [8, -11, -3]))
print(math.comb(10, 3), math.gcd(84, 36), math.isclose(math.pi, 355 / 113, rel_tol=1e-6))
print(cmath.sqrt(-4), abs(cmath.exp(1j * math.pi) + 1) < 1e-12, math.hypot(3, 4), math.prod([1, 2, 3, 4]))
print(Fraction(3, 4).limit_denominator(10), Fraction("1.25").as_integer_ratio(), float(Fraction(1, 3)))
