# label: benign
# json object_hook that revives dataclasses from a type tag.
import dataclasses
import json


@dataclasses.dataclass
class Point:
    x: float
    y: float


@dataclasses.dataclass
class Circle:
    center: Point
    r: float


TYPES = {"Point": Point, "Circle": Circle}


def revive(obj):
    kind = obj.pop("type", None)
    return TYPES[kind](**obj) if kind in TYPES else obj


doc = '{"type": "Circle", "center": {"type": "Point", "x": 1, "y": 2}, "r": 3.5}'
shape = json.loads(doc, object_hook=revive)
print(shape, shape.center.x)
