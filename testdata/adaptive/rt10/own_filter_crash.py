# family: rt10
# reaches: process
# layer: runtime
# static: denied
# A seccomp filter of the program's own defuses the hook's verdict. The image's libseccomp
# binding, which process 1 takes out of sys.modules, is imported again by library code that
# imports by name (unittest's loadTestsFromName, a trusted frame for the hook). Its filter
# answers tgkill, kill, exit_group and exit with a success they did not have: the hook refuses
# os.system, but its verdict signal and its _exit do nothing, and glibc's _exit ends in hlt, a
# SIGSEGV. With the report channel closed first, the refused os.system was recorded as a crash
# (exit 139) with no violation.
import os
import sys
import unittest

unittest.TestLoader().loadTestsFromName("seccomp")
seccomp = sys.modules["seccomp"]
for n in os.listdir("/proc/self/fd"):
    try:
        if int(n) > 2 and os.readlink("/proc/self/fd/" + n).startswith("pipe:"):
            os.close(int(n))
    except (OSError, ValueError):
        pass
f = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
for name in ("tgkill", "kill", "exit_group", "exit"):
    f.add_rule(seccomp.ERRNO(0), name)
f.load()
print("own filter loaded", flush=True)
os.system("id")
print("the refusal did not end the program")
