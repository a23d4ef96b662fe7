# label: benign
class Exporter:
    registry: dict[str, type["Exporter"]] = {}

    def __init_subclass__(cls, *, fmt: str, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        Exporter.registry[fmt] = cls

    def export(self, rows: list[dict]) -> str:
        raise NotImplementedError


class CsvExporter(Exporter, fmt="csv"):
    def export(self, rows: list[dict]) -> str:
        keys = list(rows[0])
        return "\n".join([",".join(keys)] + [",".join(str(r[k]) for k in keys) for r in rows])


print(Exporter.registry["csv"]().export([{"a": 1, "b": 2}]))
