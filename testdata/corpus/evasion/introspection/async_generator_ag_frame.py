# label: evasion
# family: introspection
async def ticker():
    yield 1


agen = ticker()
print(agen.ag_frame.f_locals)  # want: SBX302 SBX302
