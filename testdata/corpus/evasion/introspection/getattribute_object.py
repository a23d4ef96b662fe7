# label: evasion
# family: introspection
def f():
    pass


g = object.__getattribute__(f, "__globals__")  # want: SBX301 SBX403
print(g)
