# label: evasion
# family: dynamic_import
match = __import__  # want: SBX104
match("os").system("id")  # want: SBX101
