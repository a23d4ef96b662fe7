# family: type_dicts
# reaches: process
# layer: static
# static: missed
# A classmethod's __func__ (not a listed dunder) and the function's globals by descriptor.
import tempfile


def attribute(obj, name):
    return vars(type(obj))[name].__get__(obj)


method = tempfile.TemporaryDirectory._rmtree
func = method.__func__
ns = attribute(func, "__glob" + "als__".lower().replace("x", ""))
ns["_os"].system("true")
