# label: evasion
# family: format_traversal
class U:
    pass


print("{u.__class__.__mro__}".format_map({"u": U()}))  # want: SBX701
