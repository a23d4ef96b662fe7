# label: evasion
# family: data
import numpy as np
from numpy.lib.stride_tricks import as_strided  # want: SBX505

a = np.zeros(1, dtype=np.uint8)
big = as_strided(a, shape=(1 << 20,), strides=(1,))
print(big[: 1 << 16].sum())
