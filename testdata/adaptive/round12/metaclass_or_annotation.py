# family: round12
# reaches: process
# layer: static
# static: missed
# An annotation Box | None runs the program's metaclass's __or__, which returns a string built
# at run time (XOR-decoded bytes); typing.get_type_hints of the program's own class evaluates it
# as Python: __import__('os').posix_spawn starts a process.
import typing

HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()


class Meta(type):
    def __or__(cls, other):
        return HINT


class Box(metaclass=Meta):
    pass


class Plan:
    steps: Box | None


try:
    print(typing.get_type_hints(Plan))
except TypeError as err:
    print("evaluated:", err)
