# family: machinery
# reaches: process
# layer: static
# static: missed
# order=True generates __lt__ from the field names; the names come from a JSON schema.
import dataclasses
import json

SCHEMA = '{"fields": {"rank,__import__(\\"os\\").system(\\"true\\")": "int"}}'


def build(schema):
    cls = type("Record", (), {"__annotations__": {k: int for k in json.loads(schema)["fields"]}})
    return dataclasses.dataclass(init=False, repr=False, order=True)(cls)


Record = build(SCHEMA)
a, b = Record(), Record()
a.rank = b.rank = 1
print(a < b)
