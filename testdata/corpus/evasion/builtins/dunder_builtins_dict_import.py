# label: evasion
# family: builtins
table = __builtins__.__dict__  # want: SBX301 SBX401
loader = table["__import__"]  # want: SBX104 SBX401
loader("os").system("id")  # want: SBX101
