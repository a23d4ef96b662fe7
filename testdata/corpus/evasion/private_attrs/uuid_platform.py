# label: evasion
# family: private_attrs
import uuid

print(uuid.platform.uname())  # want: SBX502
