# family: callbacks
# reaches: process
# layer: static
# static: missed
# threading.Timer schedules timeit with a setup string.
import threading
import timeit

SETUP = "import os; os.system('true')"
t = threading.Timer(0.01, timeit.timeit, args=("pass", SETUP), kwargs={"number": 1})
t.start()
t.join()
