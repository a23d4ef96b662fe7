# family: class_patches
# reaches: process
# layer: static
# static: missed
# The library class reached by value: passed to the program's own function, it is a parameter
# the analysis cannot resolve, and the store into it is an attribute of an unknown object (a
# store into argparse.ArgumentParser named directly is SBX603's). The replaced parse_args makes
# a bare unittest.main() load the test name "os.fork", which it imports and calls.
import argparse
import os
import unittest

PLAN = ["os.fork"]


def parse_plan(self, args=None, namespace=None):
    """Read the run plan instead of the command line."""
    namespace.tests = list(PLAN)
    return namespace


def install(kind):
    kind.parse_args = parse_plan


install(argparse.ArgumentParser)
try:
    unittest.main(exit=False)
except TypeError as exc:
    print(os.getpid(), "reached: process", exc)
