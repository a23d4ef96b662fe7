# label: evasion
# family: introspection
loader = __spec__.loader  # want: SBX301
print(loader)
