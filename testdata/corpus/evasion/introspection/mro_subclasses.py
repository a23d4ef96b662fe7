# label: evasion
# family: introspection
base = [].__class__.__mro__[-1]  # want: SBX301
for sub in base.__subclasses__():  # want: SBX301
    if "Popen" in sub.__name__:
        sub(["id"])
