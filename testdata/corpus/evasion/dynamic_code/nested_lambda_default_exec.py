# label: evasion
# family: dynamic_code
run = (lambda f=(lambda c: exec(c)): f)()  # want: SBX201
run("import os; os.system('id')")
