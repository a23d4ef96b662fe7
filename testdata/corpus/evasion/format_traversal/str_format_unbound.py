# label: evasion
# family: format_traversal
def f():
    pass


print(str.format("{0.__builtins__}", f))  # want: SBX701
