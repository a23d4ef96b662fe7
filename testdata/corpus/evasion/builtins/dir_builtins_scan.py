# label: evasion
# family: builtins
for name in dir(__builtins__):  # want: SBX401 SBX402
    if name.startswith("ev"):
        print(name)
