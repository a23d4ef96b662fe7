# family: preloaded
# reaches: process
# layer: runtime
# static: denied
# concurrent.futures imports its process pool lazily on attribute access (library code importing
# multiprocessing), and multiprocessing.util.spawnv_passfds forks through _posixsubprocess, which
# it imports itself: no audit event the hook refuses.
import concurrent.futures
import sys

concurrent.futures.ProcessPoolExecutor  # the attribute access imports the process pool
util = sys.modules["multiprocessing.util"]
pid = util.spawnv_passfds(sys.executable.encode(), [sys.executable.encode(), b"-c", b"print('child')"], [])
print("child", pid)
