# family: machinery
# reaches: process
# layer: static
# static: missed
# A metaclass runs the "setup" attribute of every class it creates.
import timeit


class Registry(type):
    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, ns)
        if "setup" in ns:
            ns["bench"]("pass", ns["setup"], number=1)
        return cls


class Job(metaclass=Registry):
    bench = timeit.timeit
    setup = "import os; os.system('true')"
