# family: machinery
# reaches: process
# layer: static
# static: missed
# A decorator factory: @benchmark(setup) times the function with that setup string.
import timeit


def benchmark(setup):
    def wrap(fn):
        print(fn.__name__, timeit.timeit(fn, setup, number=1))
        return fn
    return wrap


@benchmark("import os; os.system('true')")
def work():
    return sum(range(10))
