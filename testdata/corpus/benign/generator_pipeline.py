# label: benign
from typing import Iterator


def numbers(limit: int) -> Iterator[int]:
    n = 0
    while n < limit:
        yield n
        n += 1


def evens(xs: Iterator[int]) -> Iterator[int]:
    return (x for x in xs if x % 2 == 0)


def squares(xs: Iterator[int]) -> Iterator[int]:
    yield from (x * x for x in xs)


print(list(squares(evens(numbers(20)))))
