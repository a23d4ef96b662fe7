# label: evasion
# family: introspection
subs = vars(type).get("__subclasses__")(object)  # want: SBX301 SBX402
print(len(subs))
