# label: evasion
# family: unicode
ᵉval("__import__('os').system('id')")  # want: SBX201 SBX803
