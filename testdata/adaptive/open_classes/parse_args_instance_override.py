# family: open_classes
# reaches: process
# layer: static
# static: missed
# SBX402 admits vars(x) when x is an object of an open class; the review says what
# ArgumentParser.parse_args returns is an argparse.Namespace. Route: the program assigns its own
# parse_args on the parser object (an instance attribute hides the class's method), returning a
# warnings.catch_warnings(); vars() of it hands out its private _module (the warnings module),
# whose sys.modules holds os.
import argparse
import warnings

parser = argparse.ArgumentParser()
parser.parse_args = lambda *args: warnings.catch_warnings()
options = parser.parse_args([])
fields = vars(options)
host = fields["_module"]
host.sys.modules["os"].system("true")
