# label: evasion
# family: introspection
# The class dictionary of type, copied and searched by suffix: no dunder key is written.
ns = dict(type.__dict__)  # want: SBX301
walk = [v for k, v in ns.items() if k.endswith("classes__")][0]
print(len(walk(object)))
