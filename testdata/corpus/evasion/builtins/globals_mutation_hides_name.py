# label: evasion
# family: builtins
globals()["shell"] = __import__("subprocess")  # want: SBX103 SBX402
shell.run(["id"])
