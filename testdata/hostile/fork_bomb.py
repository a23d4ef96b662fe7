# Fork bomb: every process forks without end. The pids limit refuses new processes, fork raises
# in the first process (pid 1), and its exit takes the whole container down.
# expect: exit_code=1
# expect: stderr~BlockingIOError
# expect: timed_out=false
# expect: oom_killed=false
import os

while True:
    os.fork()
