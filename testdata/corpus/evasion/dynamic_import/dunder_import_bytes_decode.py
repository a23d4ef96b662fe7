# label: evasion
# family: dynamic_import
name = bytes([111, 115]).decode()
m = __import__(name)  # want: SBX103
m.system("id")  # want: SBX101
