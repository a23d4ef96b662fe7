# label: evasion
# family: builtins
# A letter prefix is safe on the program's own object only for what its own classes define: on a
# TestLoader subclass, "disc" + x is discover, which imports a written directory's tests.
import unittest


class Loader(unittest.TestLoader):
    def run(self, kind, where):
        return getattr(self, "disc" + kind)(where)  # want: SBX403


Loader().run("over", "/tmp/plugins")
