# family: string_eval
# reaches: native_code
# layer: static
# static: missed
# The same helper imports ctypes.
import unittest

ffi = unittest.TestLoader()._get_module_from_name("ctypes")
libc = ffi.CDLL(None)
print(libc.getpid())
