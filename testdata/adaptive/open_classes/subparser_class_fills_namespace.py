# family: open_classes
# reaches: process
# layer: static
# static: missed
# SBX402 admits vars() of what parser.parse_args([...]) returns (an argparse.Namespace) when
# nothing redirects the call: no namespace argument, no replaced method, no stored name of the
# parser's class. Route: the Namespace is filled by library code: the sub-command action copies
# vars() of what its sub-parser's parse_known_args returns into it, and the sub-parser is made
# by the program's parser_class=, which returns a warnings.catch_warnings(); its _module comes
# out of vars(options), and sys.modules there holds os.
import argparse
import warnings


class Section:
    """A sub-command's options, read from the report's settings."""

    def __init__(self, **options):
        self.options = options

    def parse_known_args(self, args=None, namespace=None):
        return warnings.catch_warnings(), []


parser = argparse.ArgumentParser(description="report builder")
commands = parser.add_subparsers(dest="command", parser_class=Section)
commands.add_parser("summary")
options = parser.parse_args(["summary"])
fields = vars(options)
print(sorted(fields))
host = fields["_module"].sys.modules["os"]
pid = host.posix_spawn("/usr/bin/python3", ["python3", "-c", "print('reached: process')"], {})
print(host.waitpid(pid, 0))
