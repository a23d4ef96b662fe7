# label: evasion
# family: unicode
b = __𝘣𝘶𝘪𝘭𝘵𝘪𝘯𝘴__  # want: SBX401 SBX803
b.exec("import os")  # want: SBX201
