# family: round13
# reaches: process
# layer: static
# static: missed
# vars(Plan).values() of the program's own class hands out its __annotations__ dict without the
# name being written; an item stored into the dict found there is a string built at run time
# (XOR-decoded bytes), which typing.get_type_hints of the class evaluates as Python:
# __import__('os').posix_spawn starts a process.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Plan:
    steps: int
for v in vars(Plan).values():
    if isinstance(v, dict):
        v['steps'] = HINT

try:
    print(typing.get_type_hints(Plan))
except TypeError as err:
    print("evaluated:", err)
