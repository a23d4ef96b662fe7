# label: evasion
# family: dynamic_code
run = getattr(__builtins__, "ex" + "ec")  # want: SBX201 SBX401
run("import os; os.system('id')")
