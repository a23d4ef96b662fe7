# label: evasion
# family: private_attrs
# A subclass calls a private method it does not define: TestLoader's importer by name.
import unittest


class Plugins(unittest.TestLoader):
    def load(self, name):
        return self._get_module_from_name(name)  # want: SBX305


Plugins().load("subprocess").run(["id"])
