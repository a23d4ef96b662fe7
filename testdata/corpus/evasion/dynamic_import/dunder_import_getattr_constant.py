# label: evasion
# family: dynamic_import
getattr(__import__("os"), "system")("id")  # want: SBX101 SBX103
