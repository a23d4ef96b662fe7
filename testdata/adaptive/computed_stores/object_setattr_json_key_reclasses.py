# family: computed_stores
# reaches: process
# layer: static
# static: missed
# The same store by object.__setattr__: SBX403 reported it only with the constant name
# "__class__"; a name from json.loads was taken for data. The program's own Plan object becomes
# a unittest.TestLoader, and plan._get_module_from_name, taken for Plan's own private attribute,
# imports "posix" by name: posix_spawn is called on the module it returns.
import json
import unittest


class Plan:
    """Test plan: where the checks come from."""

    _get_module_from_name = None

    def __init__(self):
        self.errors = []


KEY = json.loads('"__class__"')
plan = Plan()
object.__setattr__(plan, KEY, unittest.TestLoader)
host = plan._get_module_from_name("posix")
pid = host.posix_spawn("/usr/bin/python3", ["python3", "-c", "print('reached: process')"], {})
print(host.waitpid(pid, 0))
