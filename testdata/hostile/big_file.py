# One file beyond the fsize ulimit: Python ignores SIGXFSZ, so the write fails with EFBIG.
# expect: exit_code=1
# expect: stderr~File too large
# expect: timed_out=false
with open("/tmp/big", "wb") as f:
    for _ in range(64):
        f.write(b"\0" * (256 << 10))
        f.flush()
