# label: benign
"""Context managers: a timer, suppress, ExitStack cleanups, redirect_stdout and a nullcontext."""
import contextlib
import io
import time
from typing import Iterator


@contextlib.contextmanager
def timer(label: str) -> Iterator[dict]:
    stats = {"label": label}
    start = time.perf_counter()
    try:
        yield stats
    finally:
        stats["seconds"] = time.perf_counter() - start


class Resource:
    opened = []

    def __init__(self, name):
        self.name = name

    def __enter__(self):
        Resource.opened.append(self.name)
        return self

    def __exit__(self, exc_type, exc, tb):
        Resource.opened.remove(self.name)
        return False


with timer("sum") as t:
    total = sum(range(100_000))
print(t["label"], total, t["seconds"] >= 0)

with contextlib.suppress(KeyError):
    {}["missing"]

with contextlib.ExitStack() as stack:
    res = [stack.enter_context(Resource(n)) for n in ("db", "cache")]
    stack.callback(print, "cleaning up", len(res))
    print(Resource.opened)
print(Resource.opened)

buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    print("captured")
print(repr(buf.getvalue()))
with contextlib.nullcontext(5) as five:
    print(five * 2)
