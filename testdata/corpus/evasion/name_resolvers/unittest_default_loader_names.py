# label: evasion
# family: name_resolvers
import unittest

suite = unittest.defaultTestLoader.loadTestsFromNames(["subprocess.getoutput"])  # want: SBX503
print(suite)
