# family: round12
# reaches: process
# layer: static
# static: missed
# An annotation that is a name bound to a string built at run time (XOR-decoded bytes, no
# literal for the analyzer to read): only string literals in annotations were judged.
# typing.get_type_hints, asked about the program's own class, finds the string in
# __annotations__ and evaluates it as Python: __import__('os').posix_spawn starts a process.
import typing

HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()


class Plan:
    steps: HINT


try:
    print(typing.get_type_hints(Plan))
except TypeError as err:
    print("evaluated:", err)
