# family: callbacks
# reaches: process
# layer: static
# static: missed
# operator.call (3.11) is a call the analyzer does not follow.
import operator
import timeit

operator.call(timeit.timeit, "pass", "import os; os.system('true')", number=1)
