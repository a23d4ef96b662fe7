# label: evasion
# family: private_attrs
# sys.last_traceback exists only after an uncaught exception: it is in no reviewed API.
import sys

tb = sys.last_traceback  # want: SBX504
print(tb)
