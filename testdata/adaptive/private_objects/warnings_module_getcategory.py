# family: private_objects
# reaches: native_code
# layer: static
# static: missed
# catch_warnings keeps the warnings module; its private _getcategory imports a dotted name.
import warnings

ctx = warnings.catch_warnings()
try:
    ctx._module._getcategory("ctypes.CDLL")
except Exception as exc:
    print("category:", exc)
