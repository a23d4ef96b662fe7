# label: evasion
# family: dynamic_code
import builtins  # want: SBX401

match vars(builtins):  # want: SBX402
    case {"exec": run}:  # want: SBX201
        run("import os; os.system('id')")
