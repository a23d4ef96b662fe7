# family: machinery
# reaches: process
# layer: static
# static: missed
# A walrus inside a comprehension keeps the Timer built from the last snippet.
import timeit

snippets = ["1 + 1", "import os; os.system('true')"]
durations = [(t := timeit.Timer(s)).timeit(1) for s in snippets]
print(len(durations), t)
