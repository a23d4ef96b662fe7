# Thousands of threads. Under runc they count against the pids limit, so thread creation fails
# early. Under gVisor a thread is the sentry's, not the host's: the threads' memory reaches the
# limit and the host kills the sandbox. (Until process 1 answered clone3 itself, no thread started
# under runsc at all, and this program failed at its first.)
# expect[runc]: exit_code=1
# expect[runc]: stderr~can't start new thread
# expect[runsc]: exit_code=137
# expect[runsc]: oom_killed=true
# expect: timed_out=false
import threading
import time

threads = []
for i in range(5000):
    t = threading.Thread(target=time.sleep, args=(60,), daemon=True)
    t.start()
    threads.append(t)
print("started", len(threads))
