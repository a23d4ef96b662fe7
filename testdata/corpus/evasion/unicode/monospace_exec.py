# label: evasion
# family: unicode
𝚎𝚡𝚎𝚌("import os; os.system('id')")  # want: SBX201 SBX803
