# label: evasion
# family: dynamic_import
load = __import__  # want: SBX104
m = load("os")
m.system("id")  # want: SBX101
