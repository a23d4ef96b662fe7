# label: evasion
# family: dynamic_code
import contextlib

with contextlib.nullcontext(exec("import os; os.system('id')")):  # want: SBX201
    pass
