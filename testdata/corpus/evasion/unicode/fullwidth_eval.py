# label: evasion
# family: unicode
expr = "__import__('os').system('id')"
ｅｖａｌ(expr)  # want: SBX201 SBX803
