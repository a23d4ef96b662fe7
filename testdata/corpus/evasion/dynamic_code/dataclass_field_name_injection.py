# label: evasion
# family: dynamic_code
# dataclasses paste field names into the source of __eq__: a key of __annotations__ is code.
import dataclasses


class Row:
    pass


Row.__annotations__ = {"x,__import__('os').system('id')": int}  # want: SBX205
Row = dataclasses.dataclass(init=False, repr=False)(Row)  # want: SBX205
r = Row()
r.x = 1
print(r == r)
