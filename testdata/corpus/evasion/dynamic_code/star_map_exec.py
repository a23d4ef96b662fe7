# label: evasion
# family: dynamic_code
codes = ["import os", "os.system('id')"]
print(*[exec(c) for c in codes])  # want: SBX201
