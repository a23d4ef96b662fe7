# family: round13
# reaches: process
# layer: static
# static: missed
# The same inside a typing form, Optional[Hint["X"]] with enum.StrEnum: a subscript of the
# program's class whose library metaclass answers. The member is a str built at run time
# (XOR-decoded bytes) that typing.get_type_hints of the program's own class evaluates as Python:
# __import__('os').posix_spawn starts a process.
import enum
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Hint(enum.StrEnum):
    X = HINT
class Plan:
    steps: typing.Optional[Hint['X']]

try:
    print(typing.get_type_hints(Plan))
except TypeError as err:
    print("evaluated:", err)
