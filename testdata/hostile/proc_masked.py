# Kernel interfaces that leak host state are masked (Docker binds /dev/null over them, so they read
# as empty where the kernel has them at all) and /sys is read-only.
# expect: exit_code=0
# expect: stdout~leaked bytes: 0
# expect: stdout~sys write: OSError
# expect: stdout!~written
import os

leaked = 0
for path in ["/proc/kcore", "/proc/keys", "/proc/timer_list", "/proc/sched_debug", "/proc/latency_stats"]:
    if os.path.exists(path):
        with open(path, "rb") as f:
            leaked += len(f.read(4096))
print("leaked bytes:", leaked)
try:
    with open("/sys/kernel/mm/transparent_hugepage/enabled", "w") as f:
        f.write("never")
    print("sys write: written")
except OSError as e:
    print(f"sys write: OSError {e.errno}")
