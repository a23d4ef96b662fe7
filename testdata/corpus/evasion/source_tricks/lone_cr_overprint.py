# label: evasion
# family: source_tricks
# want-line 5: SBX802
# want-line 6: SBX101 SBX103
total = 1 + 2  # add numbers__import__('os').system('id')
print(total)
