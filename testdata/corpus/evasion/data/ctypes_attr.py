# label: evasion
# family: data
import numpy as np

a = np.zeros(4)
c = a.ctypes._ctypes  # want: SBX305 SBX505
libc = c.CDLL(None)
print(libc.getpid())
