# label: evasion
# family: introspection
top = int.mro()[-1]  # want: SBX505
classes = top.__subclasses__()  # want: SBX301
print([c.__name__ for c in classes][:5])
