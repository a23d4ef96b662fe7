# family: string_eval
# reaches: process
# layer: static
# static: missed
# A Timer subclass: the string reaches timeit.Timer through super().__init__.
import timeit


class Benchmark(timeit.Timer):
    def __init__(self, snippet):
        super().__init__(snippet)

    def run_once(self):
        return self.timeit(number=1)


print(Benchmark("__import__('os').system('true')").run_once())
