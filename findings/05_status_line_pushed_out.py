# FINDING 5 (violations suppressed): the status line travels on the program's stderr, inside the
# same byte budget (output_bytes + 64 KiB headroom). A program that fills stderr to the cap and
# then commits a violation pushes process 1's status line past the cap: the runner kills the
# container for the overflow, finds no status line, and returns exit 159 with violations [].
#
#   $ sbxgate run --policy <permissive policy: everything allowed into the default tier> --format json 05_...py
#   exit_code 159, timed_out false, stderr_truncated true, violations []
#
# Root cause class: in-band status on a stream the program shares and can exhaust. Fix class: a
# separate channel for the status (a dedicated fd or file in a runner-only mount), or reserve the
# headroom strictly for process 1 (close the program's stderr budget at output_bytes).
import os
import sys

os.write(2, b"x" * (256 * 1024 + 64 * 1024 - 8))  # the untrusted tier's output_bytes + headroom
_socket = sys.modules["_socket"]
_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
