# label: evasion
# family: dynamic_code
run = globals()["__builtins__"].eval  # want: SBX201 SBX401 SBX402
print(run("__import__('os').getcwd()"))
