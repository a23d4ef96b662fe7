# family: machinery
# reaches: process
# layer: static
# static: missed
# dataclasses writes __eq__ as source text with each field name pasted in, and execs it:
# a field name that is not an identifier injects code into (self.<name>,).
import dataclasses


def column(expr):
    return "x," + expr


class Row:
    pass


Row.__annotations__ = {column("__import__('os').system('true')"): int}
Row = dataclasses.dataclass(init=False, repr=False)(Row)
r = Row()
r.x = 1
print(r == r)
