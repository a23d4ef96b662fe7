# family: round10
# reaches: process
# layer: static
# static: missed
# The first parameter of a def in a class body is taken for self unless the decorator is spelt
# staticmethod. static = staticmethod makes it a static method all the same: the call passes a
# unittest.TestLoader as the "self" whose _get_module_from_name (a name the class defines, so
# read as the program's) imports the module it is given.
import sys
import unittest

static = staticmethod


class Plugins:
    def _get_module_from_name(self, name):
        return name

    @static
    def load(plugins, name):
        return plugins._get_module_from_name(name)


runner = Plugins().load(unittest.TestLoader(), "subprocess")
print(runner.run([sys.executable, "-c", "import os; print('child', os.getpid())"]).returncode)
