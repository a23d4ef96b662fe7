# family: private_objects
# reaches: native_code
# layer: static
# static: missed
# A subclass of TestCase loads a "native accelerator" through the loader's private importer.
import unittest


class AcceleratorCase(unittest.TestCase):
    loader = unittest.TestLoader()

    def test_accelerator(self):
        ffi = self.loader._get_module_from_name("ctypes")
        self.assertTrue(ffi.sizeof(ffi.c_int) >= 2)


suite = unittest.TestSuite([AcceleratorCase("test_accelerator")])
unittest.TextTestRunner(verbosity=0).run(suite)
