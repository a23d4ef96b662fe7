# label: evasion
# family: dynamic_import
parts = ["s", "u", "b", "p", "r", "o", "c", "e", "s", "s"]
sp = __import__("".join(parts))  # want: SBX103
sp.run(["id"])
