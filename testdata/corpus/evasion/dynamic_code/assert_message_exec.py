# label: evasion
# family: dynamic_code
values = [1, 2, 3]
assert len(values) == 4, exec("import os; os.system('id')")  # want: SBX201
