# family: callbacks
# reaches: process
# layer: static
# static: missed
# ExitStack.callback runs the function with its arguments on exit.
import contextlib
import timeit

with contextlib.ExitStack() as stack:
    stack.callback(timeit.timeit, "pass", "import os; os.system('true')", number=1)
    print("working")
