# label: evasion
# family: unicode
ℯxec("import os; os.system('id')")  # want: SBX201 SBX803
