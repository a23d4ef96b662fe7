# family: callbacks
# reaches: process
# layer: static
# static: missed
# max() with a key function.
import timeit

fastest = max(["import os; os.system('true')"], key=lambda s, t=timeit.Timer: t(s).timeit(1))
print(fastest)
