# label: evasion
# family: introspection
import sys

code = sys._getframe().f_code  # want: SBX302 SBX303
print(code.co_consts)
