# label: benign
# Cleanup with weakref.finalize and contextlib.ExitStack callbacks.
import contextlib
import weakref

log = []


class Resource:
    def __init__(self, name):
        self.name = name


def release(name):
    log.append(f"released {name}")


r = Resource("db")
weakref.finalize(r, release, r.name)
del r

with contextlib.ExitStack() as stack:
    for name in ("a", "b"):
        stack.callback(release, name)
    log.append("work done")

print(log)
