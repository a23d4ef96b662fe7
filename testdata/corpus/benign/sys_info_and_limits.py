# label: benign
"""Report interpreter facts a support ticket asks for."""
import locale
import sys
import time

print("python", sys.version.split()[0], sys.implementation.name, "%d.%d" % sys.version_info[:2])
print("platform", sys.platform, sys.byteorder, sys.maxsize > 2**32)
print("recursion", sys.getrecursionlimit(), "float digits", sys.float_info.dig)
print("encoding", sys.getdefaultencoding(), sys.getfilesystemencoding(), locale.getpreferredencoding(False))
print("argv", sys.argv[:1], "flags", sys.flags.optimize, sys.version_info >= (3, 8))
print("size of list", sys.getsizeof([]) > 0, "int max str digits", sys.get_int_max_str_digits() >= 0)
print("clock", time.get_clock_info("monotonic").implementation != "", time.time_ns() > 0)
sys.stdout.write("done\n")
sys.stdout.flush()
