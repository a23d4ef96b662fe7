# label: evasion
# family: builtins
# A def named sorted is not the builtin that only reads: it grows the list a name guard trusts.
import timeit

TIMERS = ["default_timer"]


def sorted(xs):
    xs.append("timeit")
    return xs


sorted(TIMERS)


def timer(name):
    if name not in TIMERS:
        raise KeyError(name)
    return getattr(timeit, name)  # want: SBX403


bench = timer("".join(["time", "it"]))
print("took:", bench("import os; os.system('true')", number=1))
