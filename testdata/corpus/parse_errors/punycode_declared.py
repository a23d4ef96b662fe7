#coding: punycode
# label: evasion
# family: encodings
# want-parse-error
print('hi')
