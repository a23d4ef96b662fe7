# family: round12
# reaches: process
# layer: static
# static: missed
# An annotation subscripting the program's class, Box[int], is what Box.__class_getitem__
# returns: a string built at run time (XOR-decoded bytes). typing.get_type_hints of the
# program's own class evaluates it as Python: __import__('os').posix_spawn starts a process.
import typing

HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()


class Box:
    def __class_getitem__(cls, item):
        return HINT


class Plan:
    steps: Box[int]


try:
    print(typing.get_type_hints(Plan))
except TypeError as err:
    print("evaluated:", err)
