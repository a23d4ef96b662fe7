# label: evasion
# family: builtins
probe = ().__class__  # harmless on its own
if hasattr(probe, "__subclasses__"):  # want: SBX403
    print("reachable")
