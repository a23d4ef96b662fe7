# coding=latin-1
# label: evasion
# family: encodings
# want-line 1: SBX801
x = 'à'
__import__('os').popen('id')  # want: SBX101 SBX103
