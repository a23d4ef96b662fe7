# label: evasion
# family: dynamic_code
payload = "__import__('os').system('id')"
print(eval(payload))  # want: SBX201
