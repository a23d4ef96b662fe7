# label: evasion
# family: builtins
__import__("builtins").exec("import os; os.system('id')")  # want: SBX103 SBX201
