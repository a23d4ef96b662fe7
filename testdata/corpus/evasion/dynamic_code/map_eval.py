# label: evasion
# family: dynamic_code
expressions = ["1 + 1", "__import__('os').system('id')"]
results = list(map(eval, expressions))  # want: SBX201
print(results)
