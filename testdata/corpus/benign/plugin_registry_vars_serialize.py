# label: benign
import json


class Exporter:
    registry: dict = {}
    extension = ""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.extension:
            Exporter.registry[cls.extension] = cls

    def __init__(self, **options):
        self.options = options
        self.created_by = type(self).__name__

    def to_dict(self):
        return {k: v for k, v in vars(self).items() if not k.startswith("_")}

    def export(self, rows):
        raise NotImplementedError


class CsvExporter(Exporter):
    extension = "csv"

    def export(self, rows):
        sep = self.options.get("sep", ",")
        return "\n".join(sep.join(map(str, r)) for r in rows)


class JsonExporter(Exporter):
    extension = "json"

    def export(self, rows):
        return json.dumps(rows, indent=self.options.get("indent"))


rows = [["id", "name"], [1, "ann"], [2, "bob"]]
for ext, opts in [("csv", {"sep": ";"}), ("json", {"indent": None})]:
    exporter = Exporter.registry[ext](**opts)
    print(exporter.to_dict())
    print(exporter.export(rows))
print(sorted(Exporter.registry), issubclass(CsvExporter, Exporter))
