# family: computed_stores
# reaches: process
# layer: static
# static: missed
# SBX403 reports setattr on an ordinary object only for a constant dunder name ("__class__"
# re-classes it, as a store into __class__ does, SBX301); a name it cannot fold is taken for
# data (setattr(self, key, value)). Route: the name comes out of json.loads, so it is
# "__class__" only at run time; the program's own Plan object becomes a unittest.TestLoader,
# and plan._get_module_from_name, taken for Plan's own private attribute, imports "posix" by
# name: posix_spawn is called on the module it returns.
import json
import unittest


class Plan:
    """Test plan: where the checks come from."""

    _get_module_from_name = None

    def __init__(self):
        self.errors = []


SETTINGS = json.loads('{"kind": "__class__"}')
plan = Plan()
setattr(plan, SETTINGS["kind"], unittest.TestLoader)
host = plan._get_module_from_name("posix")
pid = host.posix_spawn("/usr/bin/python3", ["python3", "-c", "print('reached: process')"], {})
print(host.waitpid(pid, 0))
