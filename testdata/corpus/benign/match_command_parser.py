# label: benign
from typing import Any


def parse(command: str) -> dict[str, Any]:
    match command.split():
        case ["go", direction]:
            return {"action": "move", "direction": direction}
        case ["take", *items] if items:
            return {"action": "take", "items": items}
        case ["quit" | "exit"]:
            return {"action": "quit"}
        case _:
            return {"action": "unknown", "raw": command}


for line in ["go north", "take lamp key", "exit", "dance"]:
    print(line, "->", parse(line))
