# family: callbacks
# reaches: process
# layer: static
# static: missed
# sys.excepthook (assignable by design) given a partial: it runs when the program fails.
import functools
import sys
import timeit

report = functools.partial(timeit.timeit, "pass", "import os; os.system('true')", number=1)
sys.excepthook = lambda *exc: report()
try:
    raise RuntimeError("unhandled")
except RuntimeError:
    sys.excepthook(*sys.exc_info())
