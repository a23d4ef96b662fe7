# family: callbacks
# reaches: process
# layer: static
# static: missed
# A garbage-collector callback (gc.callbacks is not a named sink).
import functools
import gc
import timeit

job = functools.partial(timeit.timeit, "pass", "import os; os.system('true')", number=1)
done = []


def on_gc(phase, info):
    if phase == "stop" and not done:
        done.append(job())


gc.callbacks.append(on_gc)
gc.collect()
gc.callbacks.remove(on_gc)
