# label: evasion
# family: imports
from .os import system  # want: SBX100

system("id")
