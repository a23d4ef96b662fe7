# label: evasion
# family: encodings
# want-parse-error
x = 1
# coding: latin-1
s = 'é'
import subprocess
