# A child that outlives its parent (double fork, new session): when pid 1 exits, the kernel kills
# everything left in the pid namespace, so the child never gets to print.
# expect: exit_code=0
# expect: stdout=parent done\n
# expect: timed_out=false
import os
import time

if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        time.sleep(2)
        print("child still alive", flush=True)
    os._exit(0)
print("parent done", flush=True)
