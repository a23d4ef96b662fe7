# label: evasion
# family: format_traversal
def f():
    pass


print("{0[__builtins__]}".format(f.__globals__))  # want: SBX301 SBX701
