# label: evasion
# family: dynamic_code
class Runner:
    __class_getitem__ = exec  # want: SBX201


Runner["import os; os.system('id')"]
