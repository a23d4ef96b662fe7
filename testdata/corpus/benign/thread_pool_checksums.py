# label: benign
"""Hash many in-memory blobs with a thread pool and collect results as they finish."""
import hashlib
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from queue import Queue

BLOBS = {f"blob-{i}": bytes([i % 256]) * (1000 + i * 37) for i in range(12)}
progress = Queue()
lock = threading.Lock()
counts = {"done": 0}


def digest(name, data):
    h = hashlib.sha256()
    for start in range(0, len(data), 256):
        h.update(data[start:start + 256])
    with lock:
        counts["done"] += 1
    progress.put(name)
    return name, h.hexdigest()[:16]


start = time.monotonic()
with ThreadPoolExecutor(max_workers=4, thread_name_prefix="hash") as pool:
    futures = {pool.submit(digest, name, data): name for name, data in BLOBS.items()}
    results = {}
    for fut in as_completed(futures):
        name, value = fut.result()
        results[name] = value
print(len(results), counts["done"], progress.qsize())
print(results["blob-3"], hashlib.md5(b"abc").hexdigest())
event = threading.Event()
t = threading.Thread(target=event.set, name="setter", daemon=True)
t.start()
t.join(timeout=1)
print(event.is_set(), threading.current_thread().name, f"{time.monotonic() - start < 5}")
