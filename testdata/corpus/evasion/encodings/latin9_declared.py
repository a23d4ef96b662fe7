# coding: iso-8859-15
# label: evasion
# family: encodings
# want-line 1: SBX801
price = '€ 5'
import subprocess  # want: SBX101
