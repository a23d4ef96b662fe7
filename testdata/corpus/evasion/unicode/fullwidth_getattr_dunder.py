# label: evasion
# family: unicode
def f():
    pass


g = ｇｅｔａｔｔｒ(f, "__globals__")  # want: SBX403 SBX803
print(g)
