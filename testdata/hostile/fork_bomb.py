# Fork bomb: every process forks without end. The pids limit refuses new processes (the memory
# limit may kill some first), fork raises in the program's first process, and its end takes the
# whole container down: the sandbox's process 1 kills the rest.
# expect[runc]: exit_code=1
# expect[runc]: stderr~BlockingIOError
# Under gVisor every process is the sentry's memory and threads: the host's limits end the
# whole sandbox.
# expect[runsc]: exit_code=137
# expect: timed_out=false
import os

while True:
    os.fork()
