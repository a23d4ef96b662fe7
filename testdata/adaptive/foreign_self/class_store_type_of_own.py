# family: foreign_self
# reaches: process
# layer: static
# static: missed
# SBX305 takes self._module for the program's own when its class defines _module and its
# methods are never taken from the class (mayGetForeignSelf counts Own.method and the class as
# a value). Route: a store into a library object's __class__ with type(Own()) makes the
# warnings.catch_warnings() an object of the program's class; its method then reads the
# library's _module (the warnings module), whose sys.modules holds os.
import warnings


class Silencer:
    """A warnings context that remembers which module it silences."""

    def __init__(self):
        self._module = None

    def target(self):
        return self._module


ctx = warnings.catch_warnings()
ctx.__class__ = type(Silencer())
host = ctx.target()
host.sys.modules["os"].system("true")
