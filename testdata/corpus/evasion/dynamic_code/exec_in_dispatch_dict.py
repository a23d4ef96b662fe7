# label: evasion
# family: dynamic_code
ACTIONS = {
    "print": print,
    "run": exec,  # want: SBX201
}

ACTIONS["run"]("import os; os.system('id')")
