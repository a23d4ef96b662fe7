# family: machinery
# reaches: process
# layer: static
# static: missed
# __class_getitem__ set to timeit.Timer: Bench["..."] makes a Timer from the subscript.
import timeit


class Bench:
    __class_getitem__ = timeit.Timer


print(Bench["import os; os.system('true')"].timeit(1))
