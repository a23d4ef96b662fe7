# label: benign
import numbers
from fractions import Fraction


def describe(x) -> str:
    if isinstance(x, numbers.Integral):
        return "integer"
    if isinstance(x, numbers.Rational):
        return "rational"
    if isinstance(x, numbers.Real):
        return "real"
    return "other"


print([describe(v) for v in (3, Fraction(1, 3), 2.5, "x")])
