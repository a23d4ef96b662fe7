# label: benign
"""Group, batch and window records with itertools for a warehouse report."""
import itertools
import operator
from collections import namedtuple

Move = namedtuple("Move", "day sku qty")
MOVES = [
    Move("mon", "A", 5), Move("mon", "B", -2), Move("tue", "A", -1),
    Move("tue", "C", 7), Move("wed", "A", 3), Move("wed", "B", 4),
]

by_day = {day: sum(m.qty for m in group) for day, group in itertools.groupby(MOVES, key=operator.attrgetter("day"))}
print(by_day)
stock = {}
for sku, group in itertools.groupby(sorted(MOVES, key=lambda m: m.sku), key=lambda m: m.sku):
    stock[sku] = list(itertools.accumulate(m.qty for m in group))[-1]
print(stock)


def batched(iterable, n):
    it = iter(iterable)
    while chunk := list(itertools.islice(it, n)):
        yield chunk


print([len(b) for b in batched(MOVES, 4)])
windows = list(zip(*(itertools.islice(MOVES, i, None) for i in range(3))))
print(len(windows), [w[0].day for w in windows])
print(list(itertools.chain.from_iterable([[1, 2], [3]])), list(itertools.compress("abc", [1, 0, 1])))
print(list(itertools.starmap(operator.mul, [(2, 3), (4, 5)])), Move._fields, MOVES[0]._asdict())
