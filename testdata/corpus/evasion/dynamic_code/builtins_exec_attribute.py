# label: evasion
# family: dynamic_code
import builtins  # want: SBX401

builtins.exec("import os; os.system('id')")  # want: SBX201
