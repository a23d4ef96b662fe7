# family: class_patches
# reaches: process
# layer: static
# static: missed
# The program's decorator calls the def it decorates with argparse.ArgumentParser and a
# function: the store through the parameter replaces parse_args, though the one call by name
# passes the program's class and None. unittest.main() then imports and calls "os.fork".
import argparse
import os
import unittest

PLAN = ["os.fork"]


def parse_plan(self, args=None, namespace=None):
    namespace.tests = list(PLAN)
    return namespace


class Mine:
    pass


def deco(fn):
    fn(argparse.ArgumentParser, parse_plan)
    return fn


@deco
def install(kind, value):
    kind.parse_args = value


install(Mine, None)
try:
    unittest.main(exit=False)
except TypeError as exc:
    print(os.getpid(), "reached: process", exc)
