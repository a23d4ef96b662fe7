# label: evasion
# family: imports
from ctypes.util import find_library  # want: SBX101

print(find_library("c"))
