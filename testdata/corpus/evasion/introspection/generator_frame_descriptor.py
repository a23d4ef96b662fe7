# label: evasion
# family: introspection
def gen():
    yield 1


g = gen()
frame = type(g).__dict__["gi_frame"].__get__(g)  # want: SBX302 SBX305
print(frame)
