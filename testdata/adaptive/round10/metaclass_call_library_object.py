# family: round10
# reaches: process
# layer: static
# static: missed
# The metaclass's __call__ decides what calling the class gives: a unittest.TestLoader, whose
# _get_module_from_name reads as the program's (the class defines the name) and imports.
import sys
import unittest


class Registry(type):
    def __call__(cls):
        return unittest.TestLoader()


class Plugins(metaclass=Registry):
    def _get_module_from_name(self, name):
        return name


plugins = Plugins()
runner = plugins._get_module_from_name("subprocess")
print(runner.run([sys.executable, "-c", "import os; print('child', os.getpid())"]).returncode)
