# label: evasion
# family: dynamic_code
b = print.__self__  # want: SBX301
b.exec("import os; os.system('id')")  # want: SBX201
