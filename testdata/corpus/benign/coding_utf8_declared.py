# -*- coding: utf-8 -*-
# label: benign
import unicodedata

for ch in "café naïve 𝛑":
    print(ch, unicodedata.category(ch))
