# label: benign
# sys.exc_info in a retry helper, and a custom excepthook that prints a one-line error.
import sys
import time


def retry(fn, attempts=3):
    for i in range(attempts):
        try:
            return fn()
        except ConnectionError:
            kind, value, _ = sys.exc_info()
            print(f"attempt {i + 1}: {kind.__name__}: {value}")
            time.sleep(0.01)
    return None


calls = {"n": 0}


def flaky():
    calls["n"] += 1
    if calls["n"] < 3:
        raise ConnectionError("temporarily unavailable")
    return "ok"


def short_hook(exc_type, exc, tb):
    print(f"error: {exc_type.__name__}: {exc}", file=sys.stderr)


sys.excepthook = short_hook
print(retry(flaky))
