# label: evasion
# family: dynamic_import
padding = "xxosxx"
m = __import__(padding[2:4])  # want: SBX103
m.system("id")  # want: SBX101
