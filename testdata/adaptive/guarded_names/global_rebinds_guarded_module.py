# family: guarded_names
# reaches: process
# layer: static
# static: denied
# The `if name not in NAMES: raise` guard admits getattr(itertools, name) for NAMES = ["repeat"]
# (itertools.repeat is harmless); a function declaring `global itertools` rebinds the name to
# the timeit module, whose repeat runs a statement string. Stopped: the name resolves to both
# modules, and timeit.repeat is not a harmless member.
import itertools

NAMES = ["repeat"]


def pick(name):
    if name not in NAMES:
        raise KeyError(name)
    return getattr(itertools, name)


def use_fast_timer():
    global itertools
    import timeit as itertools


use_fast_timer()
print(pick("".join(["re", "peat"]))("import os; os.system('true')", number=1, repeat=1))
