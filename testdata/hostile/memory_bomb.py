# Memory bomb: allocate and touch memory until the cgroup's limit makes the kernel kill us.
# expect: oom_killed=true
# expect: exit_code=137
# expect: timed_out=false
chunks = []
while True:
    chunks.append(b"x" * (1 << 20))
