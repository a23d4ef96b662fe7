# family: callbacks
# reaches: process
# layer: static
# static: missed
# timeit.timeit passed to an executor: SBX601 judges calls of timeit, not timeit as a value.
import timeit
from concurrent.futures import ThreadPoolExecutor

CODE = "import os; os.system('true')"

with ThreadPoolExecutor(max_workers=1) as pool:
    print(pool.submit(timeit.timeit, CODE, number=1).result())
