# label: evasion
# family: imports
import os

print(os.__dict__["popen"]("id").read())  # want: SBX101 SBX301
