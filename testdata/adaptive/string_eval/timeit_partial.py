# family: string_eval
# reaches: process
# layer: static
# static: missed
# A partial of timeit.timeit: the call the analyzer sees is the partial's, not timeit's.
import functools
import timeit

once = functools.partial(timeit.timeit, number=1)
print(once("import os; os.system('true')"))
