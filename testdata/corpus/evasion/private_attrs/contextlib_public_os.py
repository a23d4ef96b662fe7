# label: evasion
# family: private_attrs
import contextlib

contextlib.os.system("id")  # want: SBX101
