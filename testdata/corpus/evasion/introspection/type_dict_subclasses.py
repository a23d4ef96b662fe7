# label: evasion
# family: introspection
# The descriptor from the class dictionary: no __subclasses__ attribute is written.
subs = type.__dict__["__subclasses__"](object)  # want: SBX301 SBX301
print(len(subs))
