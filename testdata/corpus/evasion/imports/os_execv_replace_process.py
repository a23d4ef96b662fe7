# label: evasion
# family: imports
import os

os.execv("/bin/sh", ["sh", "-c", "id"])  # want: SBX101
