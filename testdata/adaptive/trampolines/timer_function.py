# family: trampolines
# reaches: native_code
# layer: runtime
# static: denied
# threading.Timer calls its function from library code when it fires.
import sys
import threading

name = "_" + "".join(c for c in "ls_prof" if c != "_")  # so that nothing preloads it
t = threading.Timer(0.01, __import__, [name])
t.start()
t.join()
print(sys.modules[name].Profiler())
