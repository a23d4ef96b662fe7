# coding: l1
# label: evasion
# family: encodings
# want-line 1: SBX801
note = 'déjà vu'
exec("import os; os.system('id')")  # want: SBX201
