# label: evasion
# family: builtins
def capture():
    snapshot = vars()  # want: SBX402
    return snapshot


print(capture())
