# label: evasion
# family: dynamic_import
frame = __import__("sys")._getframe(0)  # want: SBX103 SBX303
print(frame.f_builtins)  # want: SBX302
