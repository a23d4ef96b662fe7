# family: callbacks
# reaches: process
# layer: static
# static: missed
# functools.reduce calls timeit.timeit(accumulator, item): the item is the setup.
import functools
import timeit

print(functools.reduce(timeit.timeit, ["import os; os.system('true')"], "pass"))
