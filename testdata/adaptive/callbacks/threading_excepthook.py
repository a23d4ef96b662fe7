# family: callbacks
# reaches: process
# layer: static
# static: denied
# threading.excepthook replaced: the partial receives the hook's argument as timeit's timer.
import functools
import threading
import timeit

threading.excepthook = functools.partial(timeit.timeit, "pass", "import os; os.system('true')")


def crash():
    raise ValueError("thread failed")


t = threading.Thread(target=crash)
t.start()
t.join()
