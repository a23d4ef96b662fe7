# family: reduce
# reaches: process
# layer: static
# static: missed
# deepcopy uses __reduce_ex__ too; the callable is timeit with a setup string.
import copy
import timeit


class Snapshot:
    def __init__(self, label):
        self.label = label

    def __reduce_ex__(self, protocol):
        return (timeit.timeit, ("pass", "import os; os.system('true')", timeit.default_timer, 1))


print(copy.deepcopy({"snap": Snapshot("a")}))
