# Thousands of threads: threads count against the pids limit, so thread creation fails early.
# expect: exit_code=1
# expect: stderr~can't start new thread
# expect: timed_out=false
import threading
import time

threads = []
for i in range(5000):
    t = threading.Thread(target=time.sleep, args=(60,), daemon=True)
    t.start()
    threads.append(t)
print("started", len(threads))
