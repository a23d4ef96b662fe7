# label: evasion
# family: introspection
b = (lambda: 0).__globals__["__builtins__"]  # want: SBX301 SBX401
print(b)
