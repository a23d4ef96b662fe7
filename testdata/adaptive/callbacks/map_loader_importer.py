# family: callbacks
# reaches: process
# layer: static
# static: missed
# The importer used as a callback: map imports each name.
import unittest

names = ["json", "subprocess"]
modules = dict(zip(names, map(unittest.TestLoader()._get_module_from_name, names)))
modules["subprocess"].run(["true"])
