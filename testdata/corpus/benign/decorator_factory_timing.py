# label: benign
# A decorator factory that times calls with time.perf_counter and keeps stats.
import functools
import time

STATS = {}


def timed(label):
    def wrap(fn):
        @functools.wraps(fn)
        def inner(*args, **kwargs):
            t0 = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                STATS.setdefault(label, []).append(time.perf_counter() - t0)
        return inner
    return wrap


@timed("fib")
def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


print(fib(30), fib.__name__, len(STATS["fib"]))
