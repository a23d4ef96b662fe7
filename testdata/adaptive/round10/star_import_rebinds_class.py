# family: round10
# reaches: process
# layer: static
# static: missed
# A star import after the program's class statement rebinds its name: from warnings import *
# (a module with nothing dangerous to export by name) replaces the class catch_warnings with the
# library's. The program's class declares _module, so w._module reads as its own; on the
# library's object it is the warnings module, whose sys.modules hands out os.
import sys


class catch_warnings:
    _module = None


from warnings import *  # noqa: E402,F403

w = catch_warnings()
loaded = w._module.sys.modules
spawn = loaded["os"].posix_spawn
pid = spawn(sys.executable, [sys.executable, "-c", "import os; print('child', os.getpid())"], {})
print(loaded["os"].waitpid(pid, 0)[1])
