# coding: cp1252
# label: evasion
# family: encodings
# want-parse-error
text = '“quoted”'
import os
