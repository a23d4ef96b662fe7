# label: evasion
# family: dynamic_code
expr = "__import__('os').getlogin()"
print(f"result: {eval(expr)}")  # want: SBX201
