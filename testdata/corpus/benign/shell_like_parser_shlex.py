# label: benign
"""Parse a tiny shell-like command language with shlex and glob-style matching, without running anything."""
import fnmatch
import shlex
from dataclasses import dataclass


@dataclass
class Command:
    name: str
    args: list
    flags: dict


def parse(line: str) -> Command:
    tokens = shlex.split(line, comments=True)
    name, rest = tokens[0], tokens[1:]
    flags, args = {}, []
    for tok in rest:
        if tok.startswith("--"):
            key, _, value = tok[2:].partition("=")
            flags[key] = value or True
        else:
            args.append(tok)
    return Command(name, args, flags)


FILES = ["report.csv", "notes.txt", "data_2023.csv", "img.png"]
for line in ['ls "*.csv" --long', "rm img.png --force  # dangerous", "echo 'a b' c"]:
    cmd = parse(line)
    if cmd.name == "ls":
        print([f for f in FILES if fnmatch.fnmatch(f, cmd.args[0])], cmd.flags)
    else:
        print(cmd.name, cmd.args, cmd.flags)
print(shlex.join(["echo", "it's", "ok"]), shlex.quote("a b"))
