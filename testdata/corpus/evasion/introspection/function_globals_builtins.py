# label: evasion
# family: introspection
def helper():
    return 1


b = helper.__globals__["__builtins__"]  # want: SBX301 SBX401
print(b)
