# label: evasion
# family: private_attrs
import re

print(re.copyreg.dispatch_table)  # want: SBX502
