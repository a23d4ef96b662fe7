# family: data_external
# reaches: process
# layer: static
# static: missed
# numpy.show_runtime calls threadpoolctl's threadpool_info, which finds libc through
# ctypes.util.find_library: ldconfig -p and ld run. Process 1 stubs threadpoolctl's library walk
# only if threadpoolctl is loaded before the program; for a numpy-only program it is not.
import numpy as np
np.show_runtime()
