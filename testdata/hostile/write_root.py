# Writing outside /tmp: the root file system is mounted read-only (new files fail with EROFS; for
# existing root-owned files the permission check refuses first), the standard library included.
# expect: exit_code=0
# expect: stdout~root mount: ro
# expect: stdout~/evil: OSError
# expect[runc]: stdout~/evil: OSError 30 Read-only file system
# expect: stdout~/usr/lib/python3.11/os.py: OSError
# expect: stdout~/etc/passwd: OSError
# expect: stdout!~written
with open("/proc/self/mounts") as f:
    for line in f:
        dev, mnt, fstype, opts = line.split()[:4]
        if mnt == "/":
            print("root mount:", opts.split(",")[0])
for path in ["/evil", "/usr/lib/python3.11/os.py", "/etc/passwd"]:
    try:
        open(path, "a").close()
        print(f"{path}: written")
    except OSError as e:
        print(f"{path}: OSError {e.errno} {e.strerror}")
