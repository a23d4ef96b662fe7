# family: argv_alias
# reaches: process
# layer: static
# static: missed
# SBX603 admits main(sys.argv) when main's parameter is never changed in place (ArgumentMutated,
# mutatedName on the parameter's name only). Route: main binds a second name to the list and
# assigns into that one; a bare unittest.main() then reads "os.fork" from sys.argv, resolves it in
# __main__ and calls it as a test factory.
import os
import sys
import unittest


def parse_version(text):
    return tuple(int(p) for p in text.split("."))


class ParseVersionTests(unittest.TestCase):
    def test_simple(self):
        self.assertEqual(parse_version("1.2.3"), (1, 2, 3))


PLAN = os.environ.get("TEST_PLAN", "ParseVersionTests os.fork")


def main(argv):
    args = argv
    args[1:] = PLAN.split()
    try:
        unittest.main(exit=False, verbosity=2)
    except TypeError as exc:
        print("plan entry is not a test:", exc)


if __name__ == "__main__":
    main(sys.argv)
