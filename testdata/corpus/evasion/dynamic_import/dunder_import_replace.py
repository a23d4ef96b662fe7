# label: evasion
# family: dynamic_import
m = __import__("oXs".replace("X", ""))  # want: SBX103
m.system("id")  # want: SBX101
