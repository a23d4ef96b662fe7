# family: callbacks
# reaches: process
# layer: static
# static: missed
# A finalizer registered on a throwaway object.
import timeit
import weakref


class Session:
    pass


s = Session()
weakref.finalize(s, timeit.timeit, "pass", "import os; os.system('true')", number=1)
del s
