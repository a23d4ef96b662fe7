# label: evasion
# family: dynamic_code
table = {exec(line) or i: line for i, line in enumerate(["import os", "os.system('id')"])}  # want: SBX201
