# family: callbacks
# reaches: process
# layer: static
# static: missed
# sorted() with timeit as the sort key: snippets ordered by how long they take.
import functools
import timeit

snippets = ["pass", "import os; os.system('true')"]
print(sorted(snippets, key=functools.partial(timeit.timeit, number=1)))
