# family: callbacks
# reaches: process
# layer: static
# static: missed
# map with timeit.Timer builds timers from strings.
import timeit

tasks = ["sum(range(10))", "__import__('os').system('true')"]
for timer in map(timeit.Timer, tasks):
    print(timer.timeit(1))
