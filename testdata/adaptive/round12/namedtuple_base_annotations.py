# family: round12
# reaches: process
# layer: static
# static: missed
# typing.NamedTuple's functional form takes field types as values: a string built at run time
# (XOR-decoded bytes) becomes a ForwardRef in the made class's __annotations__. The program's
# own class statement derives from it, and typing.get_type_hints of that class reads its bases'
# annotations and evaluates the string: __import__('os').posix_spawn starts a process.
import typing

HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
Row = typing.NamedTuple("Row", [("steps", HINT)])


class Plan(Row):
    pass


try:
    print(typing.get_type_hints(Plan))
except TypeError as err:
    print("evaluated:", err)
