# family: arg_types
# reaches: native_code
# layer: runtime
# static: denied
# CPython's own test module gives raw memory access; loaded under a str-subclass name.
class ModuleName(str):
    pass


testcapi = __import__(ModuleName("_testcapi"))
print(testcapi.INT_MAX)
