# label: evasion
# family: introspection
root = type.__dict__["__base__"].__get__(bool)  # want: SBX301 SBX301 SBX305
print(root, root.__base__)  # want: SBX301
