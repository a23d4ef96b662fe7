# label: benign
# Executor.map with a pure function and an initializer that sets per-thread state.
import threading
from concurrent.futures import ThreadPoolExecutor

local = threading.local()


def init_worker(prefix):
    local.prefix = prefix


def label(n):
    return f"{local.prefix}-{n * n}"


with ThreadPoolExecutor(max_workers=2, initializer=init_worker, initargs=("sq",)) as pool:
    print(list(pool.map(label, range(6))))
