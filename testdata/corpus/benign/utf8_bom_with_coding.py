# -*- coding: utf-8 -*-
# label: benign
greeting = "Grüße, 世界"
print(greeting, len(greeting))
