# label: evasion
# family: dynamic_import
imp = __builtins__.__dict__.get("__import__")  # want: SBX104 SBX301 SBX401 SBX401
imp("os").system("id")  # want: SBX101
