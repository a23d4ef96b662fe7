# family: reduce
# reaches: process
# layer: static
# static: missed
# The reduce tuple's callable is the loader's importer; the copy is the module.
import copy
import unittest


class ModuleRef:
    def __init__(self, name):
        self.name = name

    def __reduce__(self):
        return (unittest.TestLoader()._get_module_from_name, (self.name,))


sp = copy.copy(ModuleRef("subprocess"))
sp.run(["true"])
