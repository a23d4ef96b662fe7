# label: benign
"""A small benchmarking helper that times functions passed to it."""
import statistics
import timeit


def bench(fn, repeat=5, number=200):
    runs = timeit.repeat(fn, repeat=repeat, number=number)
    return min(runs) / number, statistics.mean(runs) / number


def join_strings():
    return "".join(str(i) for i in range(100))


def concat_strings():
    s = ""
    for i in range(100):
        s += str(i)
    return s


for name, fn in [("join", join_strings), ("concat", concat_strings)]:
    best, mean = bench(fn)
    print(f"{name:7s} best {best * 1e6:7.2f} us  mean {mean * 1e6:7.2f} us")
print(bench(lambda: sorted(range(50, 0, -1)), repeat=2)[0] > 0)
