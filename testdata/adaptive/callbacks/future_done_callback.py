# family: callbacks
# reaches: process
# layer: static
# static: missed
# A done-callback on a future: the partial gets the future as timeit's timer, after setup ran.
import concurrent.futures
import functools
import timeit

fut = concurrent.futures.Future()
fut.add_done_callback(functools.partial(timeit.timeit, "pass", "import os; os.system('true')"))
fut.set_result(1)
