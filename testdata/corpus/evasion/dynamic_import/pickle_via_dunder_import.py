# label: evasion
# family: dynamic_import
blob = b"cposix\nsystem\n(S'id'\ntR."
__import__("pickle").loads(blob)  # want: SBX103 SBX203
