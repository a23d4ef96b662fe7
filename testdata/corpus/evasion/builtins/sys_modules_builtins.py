# label: evasion
# family: builtins
import sys

b = sys.modules["builtins"]  # want: SBX103 SBX303
b.exec("import os")  # want: SBX201
