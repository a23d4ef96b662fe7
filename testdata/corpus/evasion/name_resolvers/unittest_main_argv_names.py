# label: evasion
# family: name_resolvers
import unittest

# Test names are dotted names: unittest imports os and calls os.fork().
unittest.main(module=None, argv=["prog", "os.fork"], exit=False)  # want: SBX503
