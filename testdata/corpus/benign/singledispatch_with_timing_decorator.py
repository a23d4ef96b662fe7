# label: benign
import functools
import time


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            print(f"{fn.__name__}: {time.perf_counter() - start:.4f}s")
    return wrapper


@functools.singledispatch
@timed
def show(value) -> str:
    return repr(value)


@show.register
@timed
def _(value: int) -> str:
    return f"int {value}"


print(show(3), show("x"))
