# family: round10
# reaches: process
# layer: static
# static: missed
# A call of the program's class is taken for an instance of it, but its __new__ may return any
# object: here a unittest.TestLoader. The class defines _get_module_from_name itself, so the
# private name reads as the program's own; the object's is the loader's, which imports the name.
import sys
import unittest


class Plugins:
    def __new__(cls):
        return unittest.TestLoader()

    def _get_module_from_name(self, name):
        return name


registry = Plugins()
runner = registry._get_module_from_name("subprocess")
print(runner.run([sys.executable, "-c", "import os; print('child', os.getpid())"]).returncode)
