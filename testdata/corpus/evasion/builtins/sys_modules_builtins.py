# label: evasion
# family: builtins
import sys  # want: SBX100

b = sys.modules["builtins"]  # want: SBX103 SBX303
b.exec("import os")
