# label: evasion
# family: dynamic_code
evaluate = eval  # want: SBX201


def score(expr: str) -> int:
    return evaluate(expr)


print(score("__import__('os').getuid()"))
