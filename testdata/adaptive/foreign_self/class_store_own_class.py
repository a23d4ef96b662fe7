# family: foreign_self
# reaches: process
# layer: static
# static: denied
# A store into a library object's __class__ naming the program's class: its method then reads the
# library's _module as the program's own. Stopped: the class used as a value (the right side)
# makes its methods' self foreign (mayGetForeignSelf); see class_store_type_of_own.py for
# type(Own()), which is not.
import warnings


class Silencer:
    """A warnings context that remembers which module it silences."""

    def __init__(self):
        self._module = None

    def target(self):
        return self._module


ctx = warnings.catch_warnings()
ctx.__class__ = Silencer
host = ctx.target()
host.sys.modules["os"].system("true")
