# label: evasion
# family: imports
import os

pid = os.posix_spawn("/bin/sh", ["sh", "-c", "id"], {})  # want: SBX101
os.waitpid(pid, 0)
