# label: evasion
# family: introspection
root = type([]).__base__  # want: SBX301
print(root.__subclasses__()[:3])  # want: SBX301
