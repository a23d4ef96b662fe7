# family: round13
# reaches: process
# layer: static
# static: missed
# An annotation subscripting the program's str Enum, Hint["X"]: only a __class_getitem__ or
# operator of the program's own was judged, and enum's metaclass answers the subscript with the
# member, a str whose value is a string built at run time (XOR-decoded bytes). typing.get_type_hints
# of the program's own class evaluates it as Python: __import__('os').posix_spawn starts a process.
import enum
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Hint(str, enum.Enum):
    X = HINT
class Plan:
    steps: Hint['X']

try:
    print(typing.get_type_hints(Plan))
except TypeError as err:
    print("evaluated:", err)
