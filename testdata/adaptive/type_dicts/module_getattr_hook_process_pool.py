# family: type_dicts
# reaches: process
# layer: static
# static: missed
# The lazy attribute hook of concurrent.futures hands out ProcessPoolExecutor by name.
import concurrent.futures


def part():
    return "PoolExecutor"


Pool = concurrent.futures.__getattr__("Process" + part())
with Pool(max_workers=1) as pool:
    print(pool.submit(abs, -3).result())
