# family: round13
# reaches: process
# layer: static
# static: missed
# vars(Plan)[KEY] with KEY from json.loads ("__annotations__"): only constant keys were judged.
# The item stored into the annotations dict is a string built at run time (XOR-decoded bytes),
# which typing.get_type_hints of the program's own class evaluates as Python:
# __import__('os').posix_spawn starts a process.
import json
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
KEY = json.loads('"__annotations__"')
class Plan:
    steps: int
vars(Plan)[KEY]['steps'] = HINT

try:
    print(typing.get_type_hints(Plan))
except TypeError as err:
    print("evaluated:", err)
