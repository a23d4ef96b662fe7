# family: callbacks
# reaches: process
# layer: static
# static: missed
# sched runs an event's action with its arguments.
import sched
import timeit

s = sched.scheduler()
s.enter(0, 1, timeit.timeit, ("pass", "import os; os.system('true')"), {"number": 1})
s.run()
