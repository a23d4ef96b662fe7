# family: argv_alias
# reaches: process
# layer: static
# static: missed
# SBX603 admits main(sys.argv) when main names a def of the program whose parameter is never
# changed in place (ArgumentMutated). Route: the def is decorated, so main is the decorator's
# wrapper, which assigns the test plan into the list it is given; a bare unittest.main() then
# reads "os.fork" from sys.argv, resolves it in __main__ and calls it as a test factory.
import os
import sys
import unittest


def parse_version(text):
    return tuple(int(p) for p in text.split("."))


class ParseVersionTests(unittest.TestCase):
    def test_simple(self):
        self.assertEqual(parse_version("1.2.3"), (1, 2, 3))


PLAN = os.environ.get("TEST_PLAN", "ParseVersionTests os.fork")


def with_plan(run_tests):
    """Fill in the test plan when the command line gives none."""

    def wrapper(args):
        args[1:] = PLAN.split()
        return run_tests(args)

    return wrapper


@with_plan
def main(argv):
    print("running", len(argv) - 1, "entries")
    try:
        unittest.main(exit=False, verbosity=2)
    except TypeError as exc:
        print("plan entry is not a test:", exc)


if __name__ == "__main__":
    main(sys.argv)
