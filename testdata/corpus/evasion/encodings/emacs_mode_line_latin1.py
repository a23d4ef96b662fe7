# -*- mode: python; coding: latin-1 -*-
# label: evasion
# family: encodings
# want-line 1: SBX801
motto = 'naïve'
exec("import os; os.system('id')")  # want: SBX201
