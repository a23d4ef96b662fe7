# label: benign
# A generic container class with __class_getitem__, and a plugin registry by __init_subclass__.
from typing import Generic, TypeVar

T = TypeVar("T")


class Box(Generic[T]):
    def __init__(self, item: T):
        self.item = item


class Exporter:
    registry = {}

    def __init_subclass__(cls, fmt=None, **kwargs):
        super().__init_subclass__(**kwargs)
        if fmt:
            Exporter.registry[fmt] = cls


class CsvExporter(Exporter, fmt="csv"):
    def export(self, rows):
        return "\n".join(",".join(map(str, r)) for r in rows)


class TsvExporter(Exporter, fmt="tsv"):
    def export(self, rows):
        return "\n".join("\t".join(map(str, r)) for r in rows)


print(Box[int](3).item, sorted(Exporter.registry))
print(Exporter.registry["csv"]().export([(1, 2), (3, 4)]))
