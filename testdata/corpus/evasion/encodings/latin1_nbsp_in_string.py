# -*- coding: iso-8859-1 -*-
# label: evasion
# family: encodings
# want-line 1: SBX801
name = 'o s'.replace(' ', '')
mod = __import__(name)  # want: SBX103
mod.system('id')  # want: SBX101
