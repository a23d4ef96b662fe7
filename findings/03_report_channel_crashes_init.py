# FINDING 3 (process 1 fails, violations suppressed): the hook's report pipe is inherited by the
# program, and process 1 parses it with json.loads catching only ValueError. A deeply nested line
# raises RecursionError in process 1: it dies with a traceback, writes no status line, and the
# run is a "sandbox failure" (CLI exit 125) instead of a result that lists the socket attempt.
#
#   $ sbxgate run --policy <permissive policy: everything allowed into the default tier> --format json 03_...py
#   error: run: sandbox failure: the sandbox ended (exit 1) without its status line ...
#          RecursionError: maximum recursion depth exceeded while decoding a JSON array
#
# Root cause class: process 1 trusts and parses bytes the program controls (the report channel is
# writable by the program, by design) with a parser that can fail in ways it does not catch.
# Fix class: parse under `except Exception`, cap line length and nesting; authenticate hook reports
# (the program can write this pipe, so it can also forge them: finding 4).
import os
import sys


def report_fd():
    for n in os.listdir("/proc/self/fd"):
        try:
            if int(n) > 2 and os.readlink("/proc/self/fd/" + n).startswith("pipe:"):
                return int(n)
        except OSError:
            pass


os.write(report_fd(), b"[" * 20000 + b"\n")
_socket = sys.modules["_socket"]
_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)  # refused; the report of it never arrives
