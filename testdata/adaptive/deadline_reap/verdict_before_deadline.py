# family: deadline_reap
# reaches: network
# layer: runtime
# static: denied
# Route: a refusal taken just before the deadline is recorded as a timeout. The hook's verdict
# ends the process with a signal, but a process is reapable only once the kernel has freed its
# memory: tens of milliseconds for 80 MiB. Process 1 looked at the program's process a last time
# at its deadline, found it still exiting, recorded a timeout (exit 137, no violation) and threw
# away the verdict its kill then reaped. The deadline is this process's start time (process 1
# takes its clock just before it forks it) plus the tier's timeout (findings/37,
# runner/verdict_deadline_test.go).
import os
import time
import _socket

TIMEOUT = 10.0  # the tier's timeout: the submitter knows it
EARLY = 0.020  # how long before process 1's deadline the refused call is made

with open("/proc/self/stat") as f:
    ticks = int(f.read().rsplit(")", 1)[1].split()[19])
started = ticks / os.sysconf("SC_CLK_TCK") - (time.clock_gettime(time.CLOCK_BOOTTIME) - time.monotonic())
ballast = b"\x01" * (80 << 20)
while time.monotonic() < started + TIMEOUT - EARLY:
    pass
os.write(1, b"socket at %.3f\n" % (time.monotonic() - started))
s = _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
os.write(1, b"made an AF_INET socket: %r\n" % (s,))
