# label: evasion
# family: dynamic_import
__import__("os").system("id")  # want: SBX101 SBX103
