# coding: utf-16
# label: evasion
# family: encodings
# want-parse-error
x = 1
