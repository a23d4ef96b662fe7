# family: kernel_syscalls
# reaches: native_code
# layer: runtime
# static: missed
# mmap with PROT_EXEC and a bit above the low 32 set in prot: the filter must look at the low bits.
# Machine code is injected through /proc/self/mem (opened with dir_fd, which the hook does
# not see) over libc's getpriority, so the system call is made directly, as native code would.
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


proc = os.open("/proc/self", os.O_RDONLY | os.O_DIRECTORY)
mem = os.open("mem", os.O_RDWR, dir_fd=proc)
# mmap(NULL, 4096, 0x100000005, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0); ret
os.pwrite(mem, bytes.fromhex("31ffbe0010000048ba050000000100000041ba2200000049c7c0ffffffff4531c9b8090000000f05c3"), libc_function(b"getpriority"))
print("system call returned", os.getpriority(0, 0))
