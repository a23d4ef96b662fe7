# label: benign
import math
from functools import cached_property, singledispatchmethod, total_ordering


@total_ordering
class Version:
    def __init__(self, text):
        self.text = text

    @cached_property
    def parts(self):
        print(f"  (parsing {self.text})")
        return tuple(int(p) for p in self.text.split("."))

    def __eq__(self, other):
        return self.parts == other.parts

    def __lt__(self, other):
        return self.parts < other.parts

    def __hash__(self):
        return hash(self.parts)

    def __repr__(self):
        return f"Version({self.text!r})"


class Shape:
    @singledispatchmethod
    def area(self, arg):
        raise TypeError(f"unsupported: {type(arg).__name__}")

    @area.register
    def _(self, arg: int):
        return arg * arg

    @area.register
    def _(self, arg: float):
        return math.pi * arg * arg

    @area.register
    def _(self, arg: tuple):
        w, h = arg
        return w * h


versions = [Version(v) for v in ["1.10.0", "1.2.3", "1.2.10", "0.9"]]
print(sorted(versions), max(versions), Version("1.2.3") <= Version("1.2.10"))
s = Shape()
print(s.area(3), round(s.area(1.0), 3), s.area((2, 5)))
