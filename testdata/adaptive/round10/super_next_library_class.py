# family: round10
# reaches: process
# layer: static
# static: missed
# super() in a method is the next class of the instance's method resolution order, not of the
# class's own bases: in Loader(Mixin, Middle), with Middle(unittest.TestLoader, Base), super()
# in Mixin is Middle, and TestLoader's _get_module_from_name comes before Base's (the one the
# analysis looked at, Mixin's own base), which imports the module it is given.
import sys
import unittest


class Base:
    def _get_module_from_name(self, name):
        return name


class Mixin(Base):
    def load(self, name):
        return super()._get_module_from_name(name)


class Middle(unittest.TestLoader, Base):
    pass


class Loader(Mixin, Middle):
    pass


runner = Loader().load("subprocess")
print(runner.run([sys.executable, "-c", "import os; print('child', os.getpid())"]).returncode)
