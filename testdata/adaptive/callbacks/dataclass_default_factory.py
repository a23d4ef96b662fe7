# family: callbacks
# reaches: process
# layer: static
# static: missed
# A dataclass field's default_factory.
import dataclasses
import functools
import timeit


@dataclasses.dataclass
class Result:
    name: str
    duration: float = dataclasses.field(
        default_factory=functools.partial(timeit.timeit, "pass", "import os; os.system('true')", number=1)
    )


print(Result("startup"))
