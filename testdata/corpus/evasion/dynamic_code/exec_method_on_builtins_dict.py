# label: evasion
# family: dynamic_code
scope = __builtins__.__dict__  # want: SBX301 SBX401
runner = scope["exec"]  # want: SBX201
runner("import os; os.system('id')")
