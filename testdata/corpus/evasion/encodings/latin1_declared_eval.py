# -*- coding: latin-1 -*-
# label: evasion
# family: encodings
# want-line 1: SBX801
greeting = 'café'  # not valid UTF-8: naive tools give up on the file
eval("__import__('os').system('id')")  # want: SBX201
