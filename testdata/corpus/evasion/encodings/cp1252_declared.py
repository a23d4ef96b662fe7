# coding: cp1252
# label: evasion
# family: encodings
# want-line 1: SBX801
text = '“quoted”'
import os
