# label: evasion
# family: builtins
def f():
    pass


g = getattr(f, "__" + "glob" + "als__")  # want: SBX403
g["__builtins__"]["__import__"]("os").system("id")  # want: SBX401 SBX401
