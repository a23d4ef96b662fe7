# label: evasion
# family: dynamic_code
if (run := exec) is not None:  # want: SBX201
    run("import os; os.system('id')")
