# label: evasion
# family: introspection
found = [c for c in object.__subclasses__() if c.__name__ == "Popen"]  # want: SBX301
if found:
    found[0](["id"])
