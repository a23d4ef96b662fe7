# family: rt10
# reaches: process
# layer: runtime
# static: denied
# The same own filter kills the thread (not the process) that calls tgkill: the hook's verdict
# signal is never sent, and the thread that took the refusal dies holding the interpreter lock.
# A second thread keeps the process alive, waiting for the lock forever: the refused os.system
# was recorded as a timeout (exit 137, timed_out) with no violation.
import os
import sys
import threading
import time
import unittest

unittest.TestLoader().loadTestsFromName("seccomp")
seccomp = sys.modules["seccomp"]
threading.Thread(target=time.sleep, args=(3600,), daemon=True).start()
f = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
f.add_rule(seccomp.KILL, "tgkill")
f.load()
print("own filter loaded", flush=True)
os.system("id")
print("the refusal did not end the program")
