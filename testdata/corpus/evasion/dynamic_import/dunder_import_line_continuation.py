# label: evasion
# family: dynamic_import
# want-line 4: SBX103
m = __import__ \
    ("os")  # the call starts on the line above
m.system("id")  # want: SBX101
