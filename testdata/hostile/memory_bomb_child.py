# Memory bomb in a child process: the kernel kills the child, pid 1 survives and reports it, and
# the result still says a process was OOM-killed.
# expect: oom_killed=true
# expect[runc]: exit_code=0
# expect[runc]: stdout~child: killed by signal 9
# Under gVisor the host kills the sandbox itself (its sentry holds all of its memory): the
# whole run ends at the limit.
# expect[runsc]: exit_code=137
# expect: timed_out=false
import os

pid = os.fork()
if pid == 0:
    chunks = []
    while True:
        chunks.append(b"x" * (1 << 20))
_, status = os.waitpid(pid, 0)
if os.WIFSIGNALED(status):
    print("child: killed by signal", os.WTERMSIG(status))
else:
    print("child: exited", os.WEXITSTATUS(status))
