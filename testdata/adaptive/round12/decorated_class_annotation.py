# family: round12
# reaches: process
# layer: static
# static: missed
# A class statement's name holds what its decorator returns: the program's decorator returns a
# string built at run time (XOR-decoded bytes) in place of the class, and an annotation naming
# the class gives typing.get_type_hints that string, which it evaluates as Python:
# __import__('os').posix_spawn starts a process.
import typing

HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()


def as_hint(cls):
    return HINT


@as_hint
class Box:
    pass


class Plan:
    steps: Box


try:
    print(typing.get_type_hints(Plan))
except TypeError as err:
    print("evaluated:", err)
