# family: open_classes
# reaches: process
# layer: static
# static: missed
# SBX402 admits vars() of what parser.parse_args([]) returns (an argparse.Namespace, the review's
# returns) unless the program stores an attribute of a name ArgumentParser has, or names it does
# not show (patchedClass reads x.name = v, setattr and __setattr__). Route:
# functools.update_wrapper(parser, holder) copies holder's __dict__ into the parser's in library
# code: parse_known_args is replaced with no store in the source, parse_args returns a
# warnings.catch_warnings(), and vars() of it hands out _module, whose sys.modules holds os.
import argparse
import functools
import types
import warnings


def known(args=None, namespace=None):
    return warnings.catch_warnings(), []


parser = argparse.ArgumentParser(description="report builder")
parser.add_argument("--verbose", action="store_true")
functools.update_wrapper(parser, types.SimpleNamespace(parse_known_args=known))
options = parser.parse_args([])
fields = vars(options)
print(sorted(fields))
host = fields["_module"].sys.modules["os"]
pid = host.posix_spawn("/usr/bin/python3", ["python3", "-c", "print('reached: process')"], {})
print(host.waitpid(pid, 0))
