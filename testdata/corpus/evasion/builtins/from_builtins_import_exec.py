# label: evasion
# family: builtins
from builtins import exec as run_snippet  # want: SBX201 SBX401

run_snippet("import os; os.system('id')")
