# label: evasion
# family: encodings
# want-parse-error
s = 'ÿþ'
import os
