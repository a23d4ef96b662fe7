# family: round10
# reaches: process
# layer: static
# static: missed
# A parameter annotated with the program's class is taken for its object; annotations are not
# checked, and the call passes a unittest.TestLoader, whose _get_module_from_name (a name the
# class defines, so read as the program's) imports the module it is given.
import sys
import unittest


class Plugins:
    def _get_module_from_name(self, name):
        return name


def load(plugins: Plugins, name):
    return plugins._get_module_from_name(name)


runner = load(unittest.TestLoader(), "subprocess")
print(runner.run([sys.executable, "-c", "import os; print('child', os.getpid())"]).returncode)
