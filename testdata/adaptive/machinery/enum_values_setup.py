# family: machinery
# reaches: process
# layer: static
# static: missed
# An Enum whose values are snippets: a member's value is an attribute, never a constant.
import enum
import timeit


class Task(enum.Enum):
    WARMUP = "pass"
    PROBE = "import os; os.system('true')"


for task in Task:
    timeit.timeit("pass", task.value, number=1)
