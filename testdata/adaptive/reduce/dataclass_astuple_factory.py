# family: reduce
# reaches: process
# layer: static
# static: missed
# dataclasses.astuple with a tuple_factory: called with the field values.
import dataclasses
import functools
import timeit


@dataclasses.dataclass
class Spec:
    stmt: str = "pass"
    setup: str = "import os; os.system('true')"


print(dataclasses.astuple(Spec(), tuple_factory=lambda vals: functools.partial(timeit.timeit, number=1)(*vals)))
