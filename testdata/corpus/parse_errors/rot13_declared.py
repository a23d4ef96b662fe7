# coding: rot13
# label: evasion
# family: encodings
# want-parse-error
vzcbeg bf
