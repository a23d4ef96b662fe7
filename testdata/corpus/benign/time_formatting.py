# label: benign
import time

now = time.gmtime(0)
print(time.strftime("%Y-%m-%d %H:%M:%S", now))
start = time.perf_counter()
total = sum(range(1_000_000))
print(total, f"{time.perf_counter() - start:.3f}s")
