# label: evasion
# family: dynamic_code
calc = lambda expr, b=__builtins__: b.eval(expr)  # want: SBX201 SBX401
print(calc("2 + 2"))
