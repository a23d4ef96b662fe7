# label: evasion
# family: private_attrs
# A decoy class defines the private name, so that a TestLoader subclass's use of it looks like its
# own: the name is the program's only where the class that uses it defines it.
import unittest


class Decoy:
    _get_module_from_name = None


class Plugins(unittest.TestLoader):
    def load(self, name):
        return super()._get_module_from_name(name)  # want: SBX305


Plugins().load("subprocess").run(["id"])
