# family: string_eval
# reaches: process
# layer: static
# static: missed
# TestLoader's private helper is a plain __import__ by name.
import unittest

loader = unittest.TestLoader()
sp = loader._get_module_from_name("subprocess")
sp.run(["true"])
