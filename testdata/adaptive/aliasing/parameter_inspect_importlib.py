# family: aliasing
# reaches: native_code
# layer: static
# static: missed
# dataclasses imports inspect, and inspect imports importlib: a module passed as a parameter
# gives import_module.
import dataclasses


def loader(pkg, name):
    return pkg.inspect.importlib.import_module(name)


ffi = loader(dataclasses, "ctypes")
print(ffi.sizeof(ffi.c_long))
