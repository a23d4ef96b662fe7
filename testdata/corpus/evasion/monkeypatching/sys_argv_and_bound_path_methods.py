# label: evasion
# family: monkeypatching
# sys.argv written for unittest.main() to import and call, a package's __main__ imported (it runs
# its command line), sys.path's changing method handed over as a value, and += on the lists
# imported by name.
import sys
import unittest
from sys import argv, path

sys.argv[1:] = ["os.fork"]  # want: SBX603
sys.argv.append("os.system")  # want: SBX603
sys.argv = ["x", "os.fork"]  # want: SBX603
list(map(sys.path.insert, [0], ["/tmp"]))  # want: SBX603
argv += ["os.fork"]  # want: SBX603
path += ["/tmp"]  # want: SBX603
unittest.main(exit=False)
import unittest.__main__  # want: SBX100
