# Other processes' environments: the pid namespace shows only the sandbox's process 1 and the
# program; process 1 is not dumpable, so its environment (and memory) is closed to the program,
# and the program's own environment holds nothing but what Docker always sets (no secrets of the
# gate or the host).
# expect: exit_code=0
# expect: stdout~processes: 2
# expect[runc]: stdout~/proc/1/environ: PermissionError
# expect: stdout~/proc/1/mem: PermissionError
# expect: stdout~environ: ['HOME', 'HOSTNAME', 'PATH']
import os

print("processes:", sum(1 for p in os.listdir("/proc") if p.isdigit()))
for path in ("/proc/1/environ", "/proc/1/mem"):
    try:
        open(path, "rb").close()
        print(path, "opened")
    except OSError as e:
        print(f"{path}: {type(e).__name__}")
with open("/proc/self/environ", "rb") as f:
    env = [kv.split(b"=", 1)[0].decode() for kv in f.read().split(b"\0") if kv]
print("environ:", sorted(env))
