# family: guarded_names
# reaches: process
# layer: static
# static: missed
# The `if name not in NAMES: raise` guard admits getattr(timeit, name) when every string of NAMES
# is a harmless member of the module; NAMES counts as unchanged because no method is called on
# the name NAMES itself (mutatedName). Route: a second name bound to the same list appends
# "timeit", the guard passes, and timeit.timeit executes a statement given as a string.
import timeit

TIMERS = ["default_timer"]
registry = TIMERS
registry.append("timeit")


def timer(name):
    if name not in TIMERS:
        raise KeyError(name)
    return getattr(timeit, name)


print("clock:", timer("default_timer")() > 0)
bench = timer("".join(["time", "it"]))
print("took:", bench("import os; os.system('true')", number=1))
