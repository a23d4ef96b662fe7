# label: evasion
# family: dynamic_code
print(eval(input("expression: ")))  # want: SBX201
