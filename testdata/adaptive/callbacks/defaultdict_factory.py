# family: callbacks
# reaches: process
# layer: static
# static: missed
# A defaultdict whose factory is a partial of timeit.
import collections
import functools
import timeit

cache = collections.defaultdict(functools.partial(timeit.timeit, "pass", "import os; os.system('true')", number=1))
print(cache["first"])
