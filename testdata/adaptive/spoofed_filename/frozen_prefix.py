# family: spoofed_filename
# reaches: native_code
# layer: runtime
# static: denied
# Any file name starting with "<frozen " is trusted. functools.singledispatch's wrapper (library
# code) calls compile and exec for the program, so neither counts as the program's.
import functools

compile_ = functools.singledispatch(compile)
exec_ = functools.singledispatch(exec)
SOURCE = "import mmap\nexecutable = mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)\n"
ns = {}
exec_(compile_(SOURCE, "<frozen report_plugin>", "exec"), ns)
print(ns["executable"])
