# family: preloaded
# reaches: native_code
# layer: runtime
# static: denied
# An import the program never executes still makes process 1 load the module's shared library
# before the kernel filter (the runner preloads the native dependencies of every import the
# analysis found). The program then takes mmap from sys.modules, which raises no import event,
# and maps executable memory: the hook does not refuse "mmap.__new__".
import sys

if False:
    import mmap

mmap = sys.modules["mmap"]
print(mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC))
