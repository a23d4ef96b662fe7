# label: evasion
# family: imports
from os import fork  # want: SBX101

if fork() == 0:
    print("child")
