# family: callbacks
# reaches: process
# layer: static
# static: missed
# A logging handler that "benchmarks" each message: the message is the setup code.
import logging
import timeit


class BenchHandler(logging.Handler):
    def __init__(self):
        super().__init__()
        self.sink = timeit.timeit

    def emit(self, record):
        self.sink("pass", record.getMessage(), number=1)


log = logging.getLogger("bench")
log.addHandler(BenchHandler())
log.warning("import os; os.system('true')")
