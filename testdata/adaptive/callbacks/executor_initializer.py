# family: callbacks
# reaches: process
# layer: static
# static: missed
# An executor initializer with initargs.
import timeit
from concurrent.futures import ThreadPoolExecutor

pool = ThreadPoolExecutor(max_workers=1, initializer=timeit.timeit, initargs=("pass", "import os; os.system('true')", timeit.default_timer, 1))
pool.submit(print, "ready").result()
pool.shutdown()
