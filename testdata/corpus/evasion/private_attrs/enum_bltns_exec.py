# label: evasion
# family: private_attrs
import enum

enum.bltns.exec("import os; os.system('id')")  # want: SBX201 SBX502
