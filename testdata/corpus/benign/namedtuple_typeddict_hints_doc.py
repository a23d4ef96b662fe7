# label: benign
# typing.NamedTuple and TypedDict with get_type_hints for documentation output.
from typing import NamedTuple, TypedDict, get_type_hints


class Employee(NamedTuple):
    name: str
    salary: float
    manager: "Employee | None" = None


class Payload(TypedDict, total=False):
    id: int
    tags: list[str]


for cls in (Employee, Payload):
    hints = get_type_hints(cls)
    print(cls.__name__, {k: getattr(v, "__name__", str(v)) for k, v in hints.items()})
