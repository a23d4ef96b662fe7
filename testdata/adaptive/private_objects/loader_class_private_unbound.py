# family: private_objects
# reaches: process
# layer: static
# static: missed
# The private method read from the class, not an instance, and called unbound.
import unittest

helper = unittest.TestLoader._get_module_from_name
sub = helper(unittest.TestLoader(), "subprocess")
sub.Popen(["true"]).wait()
