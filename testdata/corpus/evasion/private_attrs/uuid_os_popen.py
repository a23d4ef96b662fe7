# label: evasion
# family: private_attrs
import uuid

print(uuid.os.popen("id").read())  # want: SBX101
