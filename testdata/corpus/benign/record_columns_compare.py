# label: benign
"""Print a table of records whose columns come from a fixed list, checking a few things first."""
import collections.abc
from dataclasses import dataclass

COLUMNS = ["name", "size", "owner"]
DEFAULT_COLUMNS = ["name", "size", "owner"]


@dataclass
class Entry:
    name: str
    size: int
    owner: str


class Catalog:
    def __init__(self, entries):
        self.entries = list(entries)

    def __contains__(self, name):
        return any(e.name == name for e in self.entries)


def row(entry):
    return [str(getattr(entry, column)) for column in COLUMNS]


catalog = Catalog([Entry("a.txt", 120, "ann"), Entry("b.log", 4096, "bob")])
if isinstance(COLUMNS, list) and isinstance(COLUMNS, collections.abc.Sequence):
    print("columns:", ", ".join(COLUMNS))
if COLUMNS == DEFAULT_COLUMNS and COLUMNS != ["name"]:
    print("default layout")
if "size" in COLUMNS and "a.txt" in catalog:
    print("sizes shown")
print("widths:", max(len(c) for c in COLUMNS), sorted(COLUMNS), COLUMNS + ["extra"], COLUMNS * 1)
for entry in catalog.entries:
    print(" | ".join(row(entry)))
