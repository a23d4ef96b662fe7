# family: callbacks
# reaches: process
# layer: static
# static: missed
# iter(callable, sentinel) calls the callable on next().
import functools
import timeit

ticks = iter(functools.partial(timeit.timeit, "pass", "import os; os.system('true')", number=1), None)
print(next(ticks))
