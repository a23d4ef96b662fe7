# label: evasion
# family: introspection
def noop():
    pass


imp = noop.__builtins__["__import__"]  # want: SBX301 SBX401
imp("subprocess").run(["id"])
