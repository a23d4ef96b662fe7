# label: evasion
# family: dynamic_code
data = list(range(10))
print(data[exec("import os") or 2:])  # want: SBX201
