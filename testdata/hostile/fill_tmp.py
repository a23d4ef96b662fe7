# Filling /tmp: the tmpfs is size-capped, so writing file after file ends in ENOSPC.
# expect: exit_code=1
# expect: stderr~No space left on device
# expect: timed_out=false
i = 0
while True:
    with open(f"/tmp/fill{i}", "wb") as f:
        f.write(b"\0" * (512 << 10))
    i += 1
