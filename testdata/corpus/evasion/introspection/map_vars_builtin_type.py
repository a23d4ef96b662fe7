# label: evasion
# family: introspection
ns = list(map(vars, [type]))[0]  # want: SBX402
subs = ns["__subclasses__"](object)  # want: SBX301
print(len(subs))
