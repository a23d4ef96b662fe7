# label: evasion
# family: dynamic_code
def build() -> exec("import os; os.system('id')"):  # want: SBX101 SBX201
    return None
