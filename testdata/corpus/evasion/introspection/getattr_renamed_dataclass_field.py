# label: evasion
# family: introspection
# A dataclasses.Field is a plain object: renaming one after the class is made puts a dunder in
# the names fields() lists.
import os  # noqa: F401, reached through the globals
from dataclasses import dataclass, fields


@dataclass
class Row:
    name: str = "a"


def render():
    return "ok"


fields(Row)[0].name = "__globals__"
found = [getattr(render, f.name, None) for f in fields(Row)]  # want: SBX403
print(found[0]["os"].getcwd())
