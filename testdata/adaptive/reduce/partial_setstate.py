# family: reduce
# reaches: process
# layer: static
# static: missed
# partial.__setstate__ rewrites an existing partial into another function with other arguments.
import functools
import timeit

task = functools.partial(print, "noop")
task.__setstate__((timeit.timeit, ("pass", "import os; os.system('true')"), {"number": 1}, None))
task()
