# label: benign
"""Memoisation, partial application, reduce and singledispatch from functools."""
import functools
import operator
from typing import Sequence


@functools.lru_cache(maxsize=None)
def partitions(n: int, largest: int) -> int:
    if n == 0:
        return 1
    if n < 0 or largest == 0:
        return 0
    return partitions(n - largest, largest) + partitions(n, largest - 1)


@functools.singledispatch
def describe(value) -> str:
    return f"object {value!r}"


@describe.register
def _(value: int) -> str:
    return f"int with {value.bit_length()} bits"


@describe.register(list)
def _(value) -> str:
    return f"list of {len(value)}"


def dot(a: Sequence[float], b: Sequence[float]) -> float:
    return functools.reduce(operator.add, map(operator.mul, a, b), 0.0)


power_of_two = functools.partial(pow, 2)
print(partitions(30, 30), partitions.cache_info().hits > 0)
print(describe(255), describe([1, 2]), describe("x"))
print(dot([1, 2, 3], [4, 5, 6]), [power_of_two(i) for i in range(5)])
by_len = functools.cmp_to_key(lambda a, b: len(a) - len(b))
print(sorted(["ccc", "a", "bb"], key=by_len), operator.itemgetter(1, 0)(("x", "y")))


class Temperature:
    def __init__(self, celsius):
        self.celsius = celsius

    @functools.cached_property
    def fahrenheit(self):
        return self.celsius * 9 / 5 + 32


t = Temperature(21)
print(t.fahrenheit, functools.reduce(lambda acc, x: acc * x, range(1, 6)))
