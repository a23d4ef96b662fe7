# family: library_stores
# reaches: process
# layer: static
# static: missed
# copy.copy of an object whose class defines __getstate__ (not __reduce__, which SBX301
# reports): object.__reduce_ex__ hands the state to copy._reconstruct, which does setattr(y,
# key, value) for each item of a (dict, slot_state) pair's slot state, on y = cls.__new__(cls).
# Plan's __new__ returns the one shared Plan, so {"__class__": unittest.TestLoader} re-classes
# the program's own object in place; plan._get_module_from_name, taken for Plan's own private
# attribute, imports "posix" by name: posix_spawn is called on the module it returns.
import copy
import unittest


class Plan:
    """Test plan: one per run, however often it is copied."""

    _get_module_from_name = None
    _shared = None

    def __new__(cls):
        if cls._shared is None:
            cls._shared = super().__new__(cls)
        return cls._shared

    def __getstate__(self):
        return None, {"__class__": unittest.TestLoader}


plan = Plan()
copy.copy(plan)
host = plan._get_module_from_name("posix")
pid = host.posix_spawn("/usr/bin/python3", ["python3", "-c", "print('reached: process')"], {})
print(host.waitpid(pid, 0))
