# label: benign
"""A tiny scientific calculator REPL driven by a script of commands."""
import math

ALLOWED = {"sqrt", "sin", "cos", "tan", "log", "log10", "exp", "factorial", "radians", "degrees"}
CONSTANTS = {"pi": math.pi, "e": math.e, "tau": math.tau}


def run(command: str) -> float:
    name, _, arg = command.partition(" ")
    if name not in ALLOWED:
        raise ValueError(f"unknown function {name!r}; try one of {sorted(ALLOWED)}")
    value = CONSTANTS.get(arg) if arg in CONSTANTS else float(arg)
    func = getattr(math, name)
    if name == "factorial":
        value = int(value)
    return func(value)


SCRIPT = ["sqrt 2", "sin pi", "log10 1000", "factorial 6", "degrees tau", "cosh 1"]
for line in SCRIPT:
    try:
        print(f"{line:<12} -> {run(line):.6g}")
    except ValueError as exc:
        print(f"{line:<12} !! {exc}")
