# label: evasion
# family: monkeypatching
import os  # want: SBX101


def audit(cmd):
    return 0


os.system = audit  # want: SBX603
