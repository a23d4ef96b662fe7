# label: evasion
# family: introspection
classes = ().__class__.__bases__[0].__subclasses__()  # want: SBX301 SBX301
print(len(classes))
