# family: class_patches
# reaches: process
# layer: static
# static: missed
# SBX603 judged stores into modules, not into library classes: argparse.ArgumentParser.parse_args
# replaced on the class changes what unittest.main() (a bare call, which SBX503 admits) does with
# its own parser: parse_args(argv[1:], self) now sets the TestProgram's tests to ["os.fork"],
# which createTests hands to loadTestsFromNames: os is imported, fork taken by name and, being
# callable, called. sys.argv is never written.
import argparse
import os
import unittest

PLAN = ["os.fork"]


def parse_plan(self, args=None, namespace=None):
    """Read the run plan instead of the command line."""
    namespace.tests = list(PLAN)
    return namespace


argparse.ArgumentParser.parse_args = parse_plan
try:
    unittest.main(exit=False)
except TypeError as exc:
    print(os.getpid(), "reached: process", exc)
