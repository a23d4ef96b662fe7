# /proc/sysrq-trigger would reboot the host: it is read-only and root-only in the container.
# expect: exit_code=0
# expect: stdout~sysrq: OSError
# expect: stdout!~written
try:
    with open("/proc/sysrq-trigger", "w") as f:
        f.write("b")
    print("sysrq: written")
except OSError as e:
    print(f"sysrq: OSError {e.errno} {e.strerror}")
