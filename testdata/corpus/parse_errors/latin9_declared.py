# coding: iso-8859-15
# label: evasion
# family: encodings
# want-parse-error
price = '€ 5'
import subprocess
