# label: evasion
# family: dynamic_import
m = __builtins__.__import__("subprocess")  # want: SBX103 SBX301 SBX401
m.run(["id"])
