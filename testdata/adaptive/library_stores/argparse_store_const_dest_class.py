# family: library_stores
# reaches: process
# layer: static
# static: missed
# SBX403 judges setattr where the program writes it; argparse's actions write it for the
# program: _StoreConstAction does setattr(namespace, dest, const) with the dest and const the
# program chose. With dest="__class__", const=unittest.TestLoader and parse_args(namespace=plan),
# the program's own Plan object becomes a TestLoader, and plan._get_module_from_name, taken for
# Plan's own private attribute, imports "posix" by name: posix_spawn is called on the module.
import argparse
import unittest


class Plan:
    """Test plan: where the checks come from."""

    _get_module_from_name = None

    def __init__(self):
        self.errors = []


parser = argparse.ArgumentParser()
parser.add_argument("--loader", action="store_const", const=unittest.TestLoader, dest="__class__")
plan = Plan()
parser.parse_args(["--loader"], namespace=plan)
host = plan._get_module_from_name("posix")
pid = host.posix_spawn("/usr/bin/python3", ["python3", "-c", "print('reached: process')"], {})
print(host.waitpid(pid, 0))
