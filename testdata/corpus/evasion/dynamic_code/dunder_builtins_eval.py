# label: evasion
# family: dynamic_code
result = __builtins__.eval("__import__('os').getcwd()")  # want: SBX201 SBX401
print(result)
