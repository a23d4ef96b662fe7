# family: machinery
# reaches: process
# layer: static
# static: missed
# A subclass dataclass inherits its bases' fields by their Field objects, whose name the program
# may set (dataclasses.fields() hands them out): a str subclass's object as a base field's name
# is pasted, as its repr, into the frozen subclass's generated __init__ (object.__setattr__(self,
# {name!r}, value)), which dataclasses exec. The repr is a Python expression.
import dataclasses

SPAWN = "__import__('os').waitpid(__import__('os').posix_spawn('/usr/bin/python3', ['python3', '-c', 'print(\"reached: process\")'], {}), 0)"


class Column(str):
    """A column name that renders itself for generated code."""

    def __repr__(self):
        return "(" + SPAWN + " and 'value')"


@dataclasses.dataclass(frozen=True)
class Base:
    value: int


for f in dataclasses.fields(Base):
    f.name = Column(f.name)


@dataclasses.dataclass(frozen=True)
class Row(Base):
    extra: int = 0


print(Row(1))
