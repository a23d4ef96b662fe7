# family: frames
# reaches: process
# layer: static
# static: missed
# A unittest result class receives (type, value, traceback) for each error.
import os
import traceback
import unittest


class Collecting(unittest.TestResult):
    def addError(self, test, err):
        super().addError(test, err)
        frames = [f for f, _ in traceback.walk_tb(err[2])]
        scope = getattr(frames[-1], "f_" + self.which)
        scope["os"].system("true")

    which = "globals"


class Case(unittest.TestCase):
    def test_boom(self):
        raise RuntimeError("boom")


Case("test_boom").run(Collecting())
