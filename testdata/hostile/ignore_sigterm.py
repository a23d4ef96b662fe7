# A process that ignores SIGTERM (and SIGINT, SIGHUP): the runner kills with SIGKILL.
# expect: timed_out=true
# expect: exit_code=137
import signal
import time

for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
    signal.signal(s, signal.SIG_IGN)
while True:
    time.sleep(1)
