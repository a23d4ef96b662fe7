# family: class_patches
# reaches: process
# layer: static
# static: missed
# As decorator_calls_store_parse_args, with the decorator applied by assignment: install =
# deco(install) hands the def to the program's function, which calls it with
# argparse.ArgumentParser and a function. The parameter's values were not known, and taken for
# no function. unittest.main() then imports and calls "os.fork".
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



def install(kind, value):
    kind.parse_args = value


install = deco(install)
install(Mine, None)
try:
    unittest.main(exit=False)
except TypeError as exc:
    print(os.getpid(), "reached: process", exc)
