# label: evasion
# family: builtins
# object.__setattr__ re-classes an own object into a library loader, like obj.__class__ = C.
import unittest


class Plan:
    _get_module_from_name = None


plan = Plan()
object.__setattr__(plan, "__class__", unittest.TestLoader)  # want: SBX403
runner = plan._get_module_from_name("posix")
runner.system("true")
