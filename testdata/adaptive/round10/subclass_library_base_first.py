# family: round10
# reaches: process
# layer: static
# static: missed
# self in a method of the program's class is an instance of any subclass: one that lists a
# library class first gets that class's attributes first in its MRO. The mixin defines
# _get_module_from_name, so self._get_module_from_name reads as its own; on a Loader object it
# is unittest.TestLoader's, which imports the module it is given.
import sys
import unittest


class Mixin:
    def _get_module_from_name(self, name):
        return name

    def load(self, name):
        return self._get_module_from_name(name)


class Loader(unittest.TestLoader, Mixin):
    pass


runner = Loader().load("subprocess")
print(runner.run([sys.executable, "-c", "import os; print('child', os.getpid())"]).returncode)
