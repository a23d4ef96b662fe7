# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed (denied since: numpy.show_runtime is excluded, config/module_api_data.yaml)
# numpy.show_runtime calls threadpoolctl's threadpool_info, which finds libc through
# ctypes.util.find_library: ldconfig -p and ld run. Process 1 stubbed threadpoolctl's library
# walk only if threadpoolctl was loaded before the program; for a numpy-only program it was not.
# It now loads threadpoolctl with numpy and stubs it: show_runtime lists no thread pools.
import numpy as np
np.show_runtime()
