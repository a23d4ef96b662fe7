
# coding: latin-1
# label: evasion
# family: encodings
# want-line 2: SBX801
s = 'µs'
eval('1')  # want: SBX201
