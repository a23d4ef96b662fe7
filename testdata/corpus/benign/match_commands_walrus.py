# label: benign
# match statements over command dictionaries, with walrus and comprehensions.
import json

COMMANDS = '[{"op": "add", "args": [1, 2]}, {"op": "neg", "args": [5]}, {"op": "noop"}]'


def run(cmd):
    match cmd:
        case {"op": "add", "args": [a, b]}:
            return a + b
        case {"op": "neg", "args": [x]}:
            return -x
        case {"op": str(op)}:
            return f"unknown op {op}"


results = [r for c in json.loads(COMMANDS) if (r := run(c)) is not None]
print(results)
