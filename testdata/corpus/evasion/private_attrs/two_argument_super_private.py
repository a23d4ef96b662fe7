# label: evasion
# family: private_attrs
# super() with arguments names any class: a decoy's definition of the name does not make it the program's.
import unittest
class Decoy:
    _get_module_from_name = None
loader = unittest.TestLoader()
m = super(unittest.TestLoader, loader)._get_module_from_name("subprocess")  # want: SBX305
