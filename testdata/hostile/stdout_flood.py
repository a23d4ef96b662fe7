# 1 GB of output: the runner keeps the first output_bytes, marks the stream truncated and kills
# the container instead of buffering the rest.
# expect: stdout_truncated=true
# expect: stdout_bytes=65536
# expect: stderr_truncated=false
# expect: timed_out=false
import sys

chunk = "x" * (1 << 20)
for _ in range(1024):
    sys.stdout.write(chunk)
