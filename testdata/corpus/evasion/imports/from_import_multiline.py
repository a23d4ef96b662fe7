# label: evasion
# family: imports
from os import (  # want: SBX101
    getcwd,
    popen,
)

print(getcwd())
print(popen("id").read())
