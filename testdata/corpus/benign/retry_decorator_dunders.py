# label: benign
import functools


def retry(times: int):
    def decorator(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            for attempt in range(times):
                try:
                    return fn(*args, **kwargs)
                except ValueError:
                    print(f"{fn.__qualname__} failed (attempt {attempt + 1})")
            raise RuntimeError(f"{wrapper.__wrapped__.__name__} kept failing")
        return wrapper
    return decorator


@retry(2)
def flaky():
    raise ValueError


try:
    flaky()
except RuntimeError as e:
    print(e, flaky.__doc__, __name__, flaky.__module__)
