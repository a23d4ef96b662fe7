# label: evasion
# family: introspection
# No dunder name is written anywhere: the key is matched by its ending.
table = vars(type)  # want: SBX402
walk = [v for k, v in table.items() if k.endswith("subclasses__")][0]
print(len(walk(object)))
