# label: evasion
# family: imports
import os

vars(os)["system"]("id")  # want: SBX101 SBX101 SBX402
