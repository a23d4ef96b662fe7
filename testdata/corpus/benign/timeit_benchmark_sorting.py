# label: benign
"""Compare sorting approaches with timeit, passing callables."""
import random
import timeit
from functools import partial


def insertion_sort(xs):
    xs = list(xs)
    for i in range(1, len(xs)):
        key, j = xs[i], i - 1
        while j >= 0 and xs[j] > key:
            xs[j + 1] = xs[j]
            j -= 1
        xs[j + 1] = key
    return xs


data = [random.random() for _ in range(300)]
candidates = {"builtin": lambda: sorted(data), "insertion": partial(insertion_sort, data)}
results = {}
for name, fn in candidates.items():
    results[name] = min(timeit.repeat(fn, number=5, repeat=3))
for name, secs in sorted(results.items(), key=lambda kv: kv[1]):
    print(f"{name:10s} {secs * 1000:8.2f} ms")
timer = timeit.Timer(lambda: sum(data))
loops, total = timer.autorange()
print(loops > 0, total > 0, insertion_sort([3, 1, 2]))
