# label: evasion
# family: source_tricks
total = 2 * 3  # two⁢three  # want: SBX804
exec("import os")  # want: SBX201
