# label: benign
import time
from contextlib import contextmanager


@contextmanager
def stopwatch(label: str):
    start = time.monotonic()
    try:
        yield
    finally:
        print(f"{label}: {time.monotonic() - start:.4f}s")


with stopwatch("squares"):
    squares = [n * n for n in range(100_000)]
print(len(squares))
