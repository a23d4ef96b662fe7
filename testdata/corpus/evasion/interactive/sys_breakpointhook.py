# label: evasion
# family: interactive
import sys

sys.breakpointhook()  # want: SBX602
