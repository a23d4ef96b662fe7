# Privilege tricks: no capabilities, no-new-privileges, a nosuid/noexec /tmp and seccomp leave
# setuid, setuid files, device nodes, mounts and new namespaces all refused.
# expect: exit_code=0
# expect: stdout~CapEff: 0000000000000000
# expect: stdout~CapPrm: 0000000000000000
# expect[runc]: stdout~NoNewPrivs: 1
# expect: stdout~Seccomp: 2
# expect: stdout~setuid: PermissionError
# expect: stdout~exec setuid file: PermissionError
# expect[runc]: stdout~mknod: PermissionError
# expect[runsc]: stdout~mknod /tmp/mem: unusable
# expect: stdout~mount: -1 errno 1
# expect: stdout~unshare: -1 errno 1
# expect[runc]: stdout!~succeeded
# expect: stdout!~mknod /tmp/mem: read
import ctypes
import os
import stat

with open("/proc/self/status") as f:
    for line in f:
        if line.split(":")[0] in ("CapEff", "CapPrm", "NoNewPrivs", "Seccomp"):
            print(line.strip().replace("\t", " "))


def attempt(name, fn):
    try:
        r = fn()
        print(f"{name}: succeeded {r}")
    except OSError as e:
        print(f"{name}: {type(e).__name__} {e.errno}")


attempt("setuid", lambda: os.setuid(0))
attempt("setgid", lambda: os.setgid(0))
path = "/tmp/suid"
with open(path, "w") as f:
    f.write("#!/bin/sh\nid\n")
os.chmod(path, 0o4755)
attempt("exec setuid file", lambda: os.execv(path, [path]))
attempt("mknod", lambda: os.mknod("/tmp/mem", stat.S_IFCHR | 0o666, os.makedev(1, 1)))
# gVisor lets the node be made on its tmpfs, but it is none of the host's devices.
if os.path.exists("/tmp/mem"):
    try:
        with open("/tmp/mem", "rb") as f:
            print("mknod /tmp/mem: read", len(f.read(16)))
    except OSError as e:
        print("mknod /tmp/mem: unusable", e.errno)
libc = ctypes.CDLL(None, use_errno=True)
r = libc.mount(b"none", b"/tmp", b"tmpfs", 0, None)
print(f"mount: {r} errno {ctypes.get_errno()}")
CLONE_NEWUSER, CLONE_NEWNS = 0x10000000, 0x00020000
r = libc.unshare(CLONE_NEWUSER | CLONE_NEWNS)
print(f"unshare: {r} errno {ctypes.get_errno()}")
