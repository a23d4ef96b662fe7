# 1 GB on standard error: capped and truncated like standard output, independently of it.
# expect: stderr_truncated=true
# expect: stderr_bytes=65536
# expect: stdout_truncated=false
# expect: stdout=started\n
# expect: timed_out=false
import sys

print("started", flush=True)
chunk = "e" * (1 << 20)
for _ in range(1024):
    sys.stderr.write(chunk)
