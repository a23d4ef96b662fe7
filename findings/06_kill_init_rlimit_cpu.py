# FINDING 6 (process 1 killed): "Process 1 cannot be killed from inside its own PID namespace" does
# not hold. prlimit on another process needs only the same
# uid (no dumpable check): process 1's CPU-time hard limit drops to one second. A SIGCHLD flood
# through a pidfd (no audit event; process 1 has a handler for SIGCHLD, so the signal is
# delivered) makes it spend that second; the kernel then sends SIGKILL, which init cannot
# ignore. The sandbox ends with no status line: the run is a "sandbox failure", and nothing the
# program did is reported.
#
#   $ sbxgate run --policy <permissive policy: everything allowed into the default tier> --format json 06_...py
#   error: run: sandbox failure: the sandbox ended (exit 137) without its status line
# Reliable on an idle host (load < 3); on a loaded host process 1 may not get its second of CPU
# before the deadline. With the static layer on, `import resource` is denied; the same prlimit64
# call from injected code (finding 1) needs no import at all.
#
# Root cause class: process 1 runs as the program's uid, so every same-uid control the kernel
# offers applies to it (prlimit, setpriority, pidfd signals to a handled signal). Fix class: run
# process 1 as a different uid than the program (the program's process drops to the sandbox uid
# after fork), or set its own hard limits to the ceiling it needs and check them before writing.
#
# Status: fixed. The kernel filter refuses prlimit64 on another process; and the program's
# process now runs as a host user other than process 1's (a pair of ids per sandbox), so the
# kernel refuses prlimit and every signal to process 1 by itself: TestInitOtherUser, with both
# run-time layers off, gets EPERM for prlimit(1, ...), kill(1, ...) and pidfd_send_signal.
import os
import signal
import sys

if False:
    import resource  # never runs: only makes process 1 preload the extension
resource = sys.modules["resource"]
resource.prlimit(1, resource.RLIMIT_CPU, (1, 1))
init = os.pidfd_open(1)
while True:
    signal.pidfd_send_signal(init, signal.SIGCHLD)
