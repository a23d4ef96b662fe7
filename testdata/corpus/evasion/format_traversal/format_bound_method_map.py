# label: evasion
# family: format_traversal
def f():
    pass


print(list(map("{0.__globals__}".format, [f])))  # want: SBX701
