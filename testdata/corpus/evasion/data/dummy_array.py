# label: evasion
# family: data
import numpy as np
from numpy.lib.stride_tricks import DummyArray  # want: SBX505

np.asarray(DummyArray({"data": (id("x") + 48, False), "shape": (8,), "typestr": "|u1", "version": 3}))
