# label: benign
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed


class TokenBucket:
    def __init__(self, rate, capacity):
        self.rate = rate
        self.capacity = capacity
        self.tokens = capacity
        self.updated = time.monotonic()
        self.cond = threading.Condition()

    def acquire(self):
        with self.cond:
            while True:
                now = time.monotonic()
                self.tokens = min(self.capacity, self.tokens + (now - self.updated) * self.rate)
                self.updated = now
                if self.tokens >= 1:
                    self.tokens -= 1
                    return
                self.cond.wait(timeout=(1 - self.tokens) / self.rate)


bucket = TokenBucket(rate=200, capacity=5)
lock = threading.Lock()
done = []


def fake_download(url):
    bucket.acquire()
    time.sleep(random.uniform(0.001, 0.005))
    with lock:
        done.append(url)
    return url, len(url) * 100


urls = [f"https://example.com/file/{i}" for i in range(20)]
with ThreadPoolExecutor(max_workers=4, thread_name_prefix="dl") as pool:
    futures = {pool.submit(fake_download, u): u for u in urls}
    total = 0
    for fut in as_completed(futures):
        url, size = fut.result()
        total += size
print(f"{len(done)} downloads, {total} bytes, threads alive: {threading.active_count()}")
