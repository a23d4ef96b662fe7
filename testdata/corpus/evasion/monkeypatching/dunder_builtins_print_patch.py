# label: evasion
# family: monkeypatching
__builtins__.print = lambda *a: None  # want: SBX401 SBX603
print("you will not see this")
