# label: evasion
# family: introspection
subs = getattr(object, "__subclasses__")()  # want: SBX403
print(len(subs))
