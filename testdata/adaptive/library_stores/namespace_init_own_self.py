# family: library_stores
# reaches: process
# layer: static
# static: missed
# A library class's method called unbound with the program's own object as self:
# argparse.Namespace.__init__(plan, **kwargs) does setattr(plan, name, kwargs[name]) for each
# keyword, and a **mapping's keys are names no check reads. "__class__" re-classes the
# program's own Plan object into a unittest.TestLoader, whose _get_module_from_name, taken for
# Plan's own private attribute, imports "posix" by name: posix_spawn is called on the module.
import argparse
import unittest


class Plan:
    """Test plan: where the checks come from."""

    _get_module_from_name = None


plan = Plan()
argparse.Namespace.__init__(plan, **{"__class__": unittest.TestLoader})
host = plan._get_module_from_name("posix")
pid = host.posix_spawn("/usr/bin/python3", ["python3", "-c", "print('reached: process')"], {})
print(host.waitpid(pid, 0))
