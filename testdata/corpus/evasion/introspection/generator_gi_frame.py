# label: evasion
# family: introspection
gen = (n for n in range(3))
frame = gen.gi_frame  # want: SBX302
print(frame.f_builtins["__import__"]("os"))  # want: SBX302 SBX401
