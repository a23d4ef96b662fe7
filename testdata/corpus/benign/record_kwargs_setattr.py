# label: benign
import json


class Record:
    """A row with one attribute per column, as keyword arguments give them."""

    def __init__(self, **fields):
        for name, value in fields.items():
            setattr(self, name, value)

    def as_dict(self):
        return dict(vars(self))


class Validated:
    """Refuses attributes that are not declared, and coerces the declared ones."""

    FIELDS = {"host": str, "port": int}

    def __setattr__(self, name, value):
        if name not in self.FIELDS:
            raise AttributeError(name)
        super().__setattr__(name, self.FIELDS[name](value))


rows = json.loads('[{"id": 1, "title": "first"}, {"id": 2, "title": "second"}]')
records = [Record(**row) for row in rows]
records.append(Record(id=3, title="third", score=1.5))
print([r.as_dict() for r in records])

v = Validated()
for key, value in {"host": "localhost", "port": "8080"}.items():
    setattr(v, key, value)
print(v.host, v.port)
