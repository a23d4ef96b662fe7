# label: evasion
# family: name_resolvers
import unittest

unittest.TestLoader().loadTestsFromName("os.fork")  # want: SBX503
