# label: evasion
# family: dynamic_code
mode = "fast"
result = eval("__import__('os').getcwd()") if mode == "fast" else None  # want: SBX201
