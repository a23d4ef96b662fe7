# family: private_objects
# reaches: process
# layer: static
# static: missed
# os.environ's key encoder names its module in __module__; a loader imports that name.
import os
import unittest

encoder = os.environ.encodekey
owner = unittest.TestLoader()._get_module_from_name(encoder.__module__)
owner.system("true")
