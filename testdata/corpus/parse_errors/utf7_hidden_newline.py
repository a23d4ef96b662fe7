# coding: utf-7
# label: evasion
# family: encodings
# want-parse-error
print('hello')  # note +AAo-import os+AAo-os.system('id')
