# label: evasion
# family: introspection
import sys  # want: SBX100

code = sys._getframe().f_code  # want: SBX302 SBX303
print(code.co_consts)
