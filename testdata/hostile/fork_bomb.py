# Fork bomb: every process forks without end. The pids limit refuses new processes (the memory
# limit may kill some first), fork raises in the program's first process, and its end takes the
# whole container down: the sandbox's process 1 kills the rest.
# expect: exit_code=1
# expect: stderr~BlockingIOError
# expect: timed_out=false
import os

while True:
    os.fork()
