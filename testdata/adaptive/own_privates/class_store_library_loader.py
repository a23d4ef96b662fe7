# family: own_privates
# reaches: process
# layer: static
# static: missed
# SBX305 takes plan._get_module_from_name for the program's own: Plan defines it and has no
# library ancestor. Route: a store into the object's __class__ makes it a unittest.TestLoader,
# whose _get_module_from_name is found first (the instance has no such attribute, the class
# attribute was Plan's): it imports "posix" by name and returns the module; system is then
# called on it.
import unittest


class Plan:
    """Test plan: where the checks come from."""

    _get_module_from_name = None

    def __init__(self):
        self.errors = []


plan = Plan()
plan.__class__ = unittest.TestLoader
runner = plan._get_module_from_name("posix")
runner.system("true")
