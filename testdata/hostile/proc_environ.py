# Other processes' environments: the pid namespace shows only our own process, and the
# environment holds nothing but what Docker always sets (no secrets of the gate or the host).
# expect: exit_code=0
# expect: stdout~pids: [1]
# expect: stdout~environ: ['HOME', 'HOSTNAME', 'PATH']
import os

print("pids:", sorted(int(p) for p in os.listdir("/proc") if p.isdigit()))
with open("/proc/1/environ", "rb") as f:
    env = [kv.split(b"=", 1)[0].decode() for kv in f.read().split(b"\0") if kv]
print("environ:", sorted(env))
