# label: benign
from abc import ABC, abstractmethod


class Exporter(ABC):
    @abstractmethod
    def export(self, rows: list[dict]) -> str: ...


class MarkdownExporter(Exporter):
    def export(self, rows: list[dict]) -> str:
        if not rows:
            return ""
        header = "| " + " | ".join(rows[0]) + " |"
        sep = "|" + "---|" * len(rows[0])
        body = ["| " + " | ".join(str(v) for v in r.values()) + " |" for r in rows]
        return "\n".join([header, sep, *body])


print(MarkdownExporter().export([{"a": 1, "b": 2}, {"a": 3, "b": 4}]))
