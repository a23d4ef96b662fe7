# family: arg_types
# reaches: native_code
# layer: runtime
# static: denied
# The same unchecked str-subclass import reaches even the modules the hook refuses for every
# caller (ctypes' extension): its shared library is loaded.
class ModuleName(str):
    pass


_ctypes = __import__(ModuleName("_ctypes"))
print(_ctypes, _ctypes.sizeof(_ctypes.c_void_p) if hasattr(_ctypes, "c_void_p") else "")
