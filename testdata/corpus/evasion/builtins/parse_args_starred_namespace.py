# label: evasion
# family: builtins
# parse_args(*[[], obj]) passes a namespace the call does not show: it returns obj.
import argparse
import warnings

parser = argparse.ArgumentParser(description="report builder")
parser.add_argument("--verbose", action="store_true")
options = parser.parse_args(*[[], warnings.catch_warnings()])  # want: SBX403
fields = vars(options)  # want: SBX402
print(sorted(fields))
host = fields["_module"]
host.sys.modules["os"].system("true")
