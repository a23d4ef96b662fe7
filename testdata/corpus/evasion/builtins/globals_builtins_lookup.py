# label: evasion
# family: builtins
b = globals()["__builtins__"]  # want: SBX401 SBX402
print(b)
