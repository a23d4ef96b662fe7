# family: string_eval
# reaches: process
# layer: static
# static: missed
# SBX503 judges the test names and module given to unittest.main, and admits the bare call; but a
# bare unittest.main() reads its test names from sys.argv, which the program may set (sys.argv is
# not judged). loadTestsFromName resolves "os.fork" in __main__ and calls what it finds.
import os
import sys
import unittest


def parse_version(text):
    return tuple(int(p) for p in text.split("."))


class ParseVersionTests(unittest.TestCase):
    def test_simple(self):
        self.assertEqual(parse_version("1.2.3"), (1, 2, 3))

    def test_order(self):
        self.assertLess(parse_version("1.2.9"), parse_version("1.10"))


# The CI job passes the tests to run; locally we default to the whole plan.
PLAN = os.environ.get("TEST_PLAN", "ParseVersionTests os.fork")

if __name__ == "__main__":
    sys.argv[1:] = PLAN.split()
    try:
        unittest.main(exit=False, verbosity=2)
    except TypeError as exc:
        print("plan entry is not a test:", exc)
