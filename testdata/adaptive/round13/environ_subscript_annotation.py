# family: round13
# reaches: process
# layer: static
# static: missed
# An annotation that subscripts a library object, os.environ["K"]: names bound to imports were
# taken for types, and a subscript's value was judged only as a name. The environment item is a
# string built at run time (XOR-decoded bytes), which typing.get_type_hints of the program's own
# class evaluates as Python: __import__('os').posix_spawn starts a process.
import os
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
os.environ['K'] = HINT
class Plan:
    steps: os.environ['K']

try:
    print(typing.get_type_hints(Plan))
except TypeError as err:
    print("evaluated:", err)
