# label: evasion
# family: monkeypatching
import os


def audit(cmd):
    return 0


os.system = audit  # want: SBX101 SBX603
