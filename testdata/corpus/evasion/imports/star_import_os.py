# label: evasion
# family: imports
from os import *  # want: SBX105

print(getcwd())
system("id")
