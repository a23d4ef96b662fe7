# label: evasion
# family: introspection
subs = vars(type).get("__subclasses__")(object)  # want: SBX301
print(len(subs))
