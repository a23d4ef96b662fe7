# label: evasion
# family: source_tricks
banner = "hello​world"  # want: SBX804
__import__("os").system("id")  # want: SBX101 SBX103
