# label: evasion
# family: builtins
import builtins as b  # want: SBX401

b.exec("import os")  # want: SBX201
