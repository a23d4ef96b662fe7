# label: evasion
# family: data
import numpy as np


class Window:
    def __init__(self, addr):
        self.__array_interface__ = {"data": (addr, False), "shape": (8,), "typestr": "|u1"}  # want: SBX305 SBX306


Raw = type("Raw", (), {"__array_struct__": None})  # want: SBX306
setattr(Window, "__array_interface__", None)  # want: SBX306
np.asarray(Window(id(Raw)))
