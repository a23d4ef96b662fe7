# label: evasion
# family: builtins
b = globals().get("__builtins__")  # want: SBX401 SBX402
print(b)
