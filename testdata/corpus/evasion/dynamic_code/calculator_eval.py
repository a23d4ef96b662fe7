# label: evasion
# family: dynamic_code
def calculate(expression: str) -> float:
    """Evaluate a user's arithmetic expression."""
    return eval(expression, {"__builtins__": {}}, {})  # want: SBX201


print(calculate("2 ** 10"))
