# label: evasion
# family: monkeypatching
import builtins  # want: SBX401

for builtins.open in [print]:  # want: SBX603
    pass
