# family: type_dicts
# reaches: process
# layer: static
# static: missed
# A function's __globals__ read through the function type's descriptor.
import shutil


def read(obj, name):
    return type(obj).__dict__[name].__get__(obj)


key = "_".join(["", "", "globals", "", ""])
ns = read(shutil.copy, key)
ns["os"].system("true")
