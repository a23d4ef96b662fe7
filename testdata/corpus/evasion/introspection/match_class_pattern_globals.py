# label: evasion
# family: introspection
def f():
    pass


match f:
    case object(__globals__=g):  # want: SBX301
        print(g["__builtins__"])  # want: SBX401
