# family: callbacks
# reaches: process
# layer: static
# static: missed
# A worker thread whose target is timeit.timeit.
import threading
import timeit

worker = threading.Thread(
    target=timeit.timeit,
    args=("import os; os.system('true')",),
    kwargs={"number": 1},
    daemon=True,
)
worker.start()
worker.join()
