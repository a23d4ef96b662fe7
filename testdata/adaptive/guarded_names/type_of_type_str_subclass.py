# family: guarded_names
# reaches: process
# layer: static
# static: missed
# The `if name not in TIMERS: raise` guard admits getattr(timeit, name) only while the program
# makes no class at run time (madeClasses: type() with three arguments, types.new_class).
# Route: type(str)("Label", (str,), {...}) (type reached as type(str), one argument) makes a str subclass whose __eq__ is always true and whose
# __hash__ is the real string's; it passes the guard, getattr finds timeit.timeit, which
# executes a statement given as a string.
import timeit

TIMERS = ["default_timer"]


def same(a, b):
    return True


def digest(a):
    return hash(str(a))


# Labels compare without case, as the configuration file spells them freely.
Label = type(str)("Label", (str,), {"__eq__": same, "__hash__": digest})


def timer(name):
    if name not in TIMERS:
        raise KeyError(name)
    return getattr(timeit, name)


print("clock:", timer("default_timer")() > 0)
bench = timer(Label("timeit"))
print("took:", bench("import os; os.system('true')", number=1))
