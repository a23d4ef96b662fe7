# label: evasion
# family: introspection
subs = vars(type)["__subclasses__"](object)  # want: SBX301 SBX402
print([c.__name__ for c in subs][:5])
