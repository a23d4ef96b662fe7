# label: benign
import functools
import time


def timed(fn):
    label = getattr(fn, "__name__", "anonymous")

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            print(f"{label} took {time.perf_counter() - start:.6f}s")

    return wrapper


@timed
def busy(n: int) -> int:
    return sum(i * i for i in range(n))


print(busy(10_000))
