# family: callbacks
# reaches: process
# layer: static
# static: missed
# unittest cleanups are callbacks with arguments.
import timeit
import unittest


class Smoke(unittest.TestCase):
    def test_cleanup(self):
        self.addCleanup(timeit.timeit, "pass", "import os; os.system('true')", number=1)
        self.assertTrue(True)


unittest.TextTestRunner(verbosity=0).run(unittest.TestSuite([Smoke("test_cleanup")]))
