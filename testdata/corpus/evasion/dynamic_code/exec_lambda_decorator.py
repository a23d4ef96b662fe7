# label: evasion
# family: dynamic_code
@(lambda f: exec("import os; os.system('id')") or f)  # want: SBX201
def handler():
    return 42
