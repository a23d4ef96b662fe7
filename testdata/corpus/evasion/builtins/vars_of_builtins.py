# label: evasion
# family: builtins
names = vars(__builtins__)  # want: SBX401 SBX402
names["exec"]("import os; os.system('id')")  # want: SBX201
