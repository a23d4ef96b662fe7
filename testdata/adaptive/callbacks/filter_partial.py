# family: callbacks
# reaches: process
# layer: static
# static: missed
# filter calls its predicate on each snippet.
import functools
import timeit

snippets = ["import os; os.system('true')"]
measure = functools.partial(timeit.timeit, number=1)
print(list(filter(measure, snippets)))
