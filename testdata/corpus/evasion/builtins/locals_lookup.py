# label: evasion
# family: builtins
def run():
    scope = locals()  # want: SBX402
    return scope


print(run())
