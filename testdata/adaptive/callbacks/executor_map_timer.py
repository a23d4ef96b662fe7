# family: callbacks
# reaches: process
# layer: static
# static: missed
# Executor.map builds a Timer per snippet; the Timers are run afterwards.
import timeit
from concurrent.futures import ThreadPoolExecutor

SNIPPETS = ["x = 1", "import subprocess; subprocess.run(['true'])"]

with ThreadPoolExecutor() as pool:
    timers = list(pool.map(timeit.Timer, SNIPPETS))
for t in timers:
    print(t.timeit(number=1))
