# label: evasion
# family: interactive
import os

help(os)  # want: SBX101 SBX602
