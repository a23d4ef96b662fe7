# family: guarded_names
# reaches: process
# layer: static
# static: missed
# The `if name not in NAMES: raise` guard admits getattr(timeit, name) when every string of NAMES
# is a harmless member, and only while the program derives no class from a library class (a str
# subclass could compare equal to a guarded name and spell another): PlainClasses reads class
# statements. Route: type("Label", (str,), {...}) makes a str subclass without one; its __eq__
# passes the guard and its __hash__ is the real string's, so getattr finds timeit.timeit, which
# executes a statement given as a string.
import timeit

TIMERS = ["default_timer"]


def same(a, b):
    return True


def digest(a):
    return hash(str(a))


# Labels compare without case, as the configuration file spells them freely.
Label = type("Label", (str,), {"__eq__": same, "__hash__": digest})


def timer(name):
    if name not in TIMERS:
        raise KeyError(name)
    return getattr(timeit, name)


print("clock:", timer("default_timer")() > 0)
bench = timer(Label("timeit"))
print("took:", bench("import os; os.system('true')", number=1))
