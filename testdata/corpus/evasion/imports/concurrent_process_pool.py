# label: evasion
# family: imports
from concurrent.futures import ProcessPoolExecutor  # want: SBX101


def work(n):
    return n * n


with ProcessPoolExecutor() as pool:
    print(list(pool.map(work, range(4))))
