# label: evasion
# family: source_tricks
# want-line 4: SBX802
values = [1, 2, 3]
import socket  # want: SBX101
print(sum(values))
