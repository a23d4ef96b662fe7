# family: private_objects
# reaches: process
# layer: static
# static: missed
# getattr with a constant private name on an object, not a module.
import unittest

loader = unittest.TestLoader()
importer = getattr(loader, "_get_module_from_name")
importer("subprocess").call(["true"])
