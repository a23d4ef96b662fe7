# label: evasion
# family: name_resolvers
import unittest

unittest.TestProgram(module=None, argv=["x", "subprocess.getoutput"], exit=False)  # want: SBX503
