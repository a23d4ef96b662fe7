# label: evasion
# family: monkeypatching
import os

setattr(os, "getcwd", lambda: "/root")  # want: SBX101 SBX603
print(os.getcwd())
