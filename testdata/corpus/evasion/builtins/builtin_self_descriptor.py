# label: evasion
# family: builtins
# print.__self__ is the builtins module; here it is read through the descriptor instead.
b = type(print).__dict__["__self__"].__get__(print)  # want: SBX301 SBX305
b.exec("import os; os.system('id')")
