# label: evasion
# family: introspection
import sys

try:
    1 / 0
except ZeroDivisionError:
    frame = sys.exc_info()[2].tb_frame  # want: SBX302
    print(frame.f_globals)  # want: SBX302
