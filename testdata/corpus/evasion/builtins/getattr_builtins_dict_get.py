# label: evasion
# family: builtins
lookup = getattr(__builtins__, "__dict__").get  # want: SBX401 SBX403
lookup("exec")("import os")
