# family: trampolines
# reaches: native_code
# layer: runtime
# static: denied
# functools.singledispatch's wrapper is library code that calls the registered function: the
# import it makes looks like functools'.
import functools

load = functools.singledispatch(__import__)
mmap = load("mmap")
m = mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
print(m)
