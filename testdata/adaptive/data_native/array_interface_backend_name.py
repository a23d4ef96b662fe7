# family: data_native
# reaches: native_code
# layer: static
# static: missed
# numpy.asarray of an object whose __array_interface__ holds a raw address, written through a
# memoryview: the constant label the program passes as plot()'s backend is rewritten into another
# module's name before pandas imports it.
import numpy as np
import pandas as pd


class Raw:
    def __init__(self, addr, n):
        self.__array_interface__ = {"data": (addr, False), "shape": (n,), "typestr": "|u1", "version": 3}


label = "default plot"
memoryview(np.asarray(Raw(id(label) + 48, len(label))))[:] = b"_curses".ljust(len(label), b"\x00")
df = pd.DataFrame({"x": [1, 2, 3]})
try:
    df.plot(backend=label.rstrip("\x00"))
except Exception as exc:
    print("no plot:", type(exc).__name__)
