# -*- coding: utf_7 -*-
# label: evasion
# family: encodings
# want-parse-error
__import__('os').system('id')
