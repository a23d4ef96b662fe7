# label: evasion
# family: builtins
def helper():
    pass


g = getattr(helper, "__globals__")  # want: SBX403
print(g["__builtins__"])  # want: SBX401
