# label: evasion
# family: interactive
import pdb  # want: SBX100

try:
    1 / 0
except ZeroDivisionError:
    pdb.post_mortem()  # want: SBX602
