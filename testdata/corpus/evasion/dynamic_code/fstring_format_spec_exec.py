# label: evasion
# family: dynamic_code
width = 10
print(f"{'x':{exec('import os') or width}}")  # want: SBX201
