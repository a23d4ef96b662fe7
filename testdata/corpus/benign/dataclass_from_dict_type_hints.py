# label: benign
# False alarm (reported): get_type_hints(cls) on a parameter that only ever holds the program's own dataclasses.
from __future__ import annotations

import json
import typing
from dataclasses import dataclass, field, fields, is_dataclass


@dataclass
class Address:
    street: str
    city: str
    zip: str = ""


@dataclass
class Customer:
    name: str
    email: str
    addresses: list[Address] = field(default_factory=list)
    vip: bool = False


def from_dict(cls, data):
    hints = typing.get_type_hints(cls)  # want: SBX205
    kwargs = {}
    for f in fields(cls):
        if f.name not in data:
            continue
        tp, value = hints[f.name], data[f.name]
        origin = typing.get_origin(tp)
        if origin is list:
            (item,) = typing.get_args(tp)
            value = [from_dict(item, v) if is_dataclass(item) else v for v in value]
        elif is_dataclass(tp):
            value = from_dict(tp, value)
        kwargs[f.name] = value
    return cls(**kwargs)


payload = json.loads("""
{"name": "Dana", "email": "dana@example.org", "vip": true,
 "addresses": [{"street": "1 Main St", "city": "Springfield"},
               {"street": "9 Elm Rd", "city": "Shelbyville", "zip": "49007"}]}
""")
c = from_dict(Customer, payload)
print(c)
print([a.city for a in c.addresses], c.vip)
