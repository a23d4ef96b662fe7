# label: benign
import sys

sys.setrecursionlimit(5000)


def depth(n: int) -> int:
    return 0 if n == 0 else 1 + depth(n - 1)


print(depth(3000))
print(sys.getsizeof([1, 2, 3]), sys.maxsize > 2**32, sys.version_info >= (3, 8))
