# family: round13
# reaches: process
# layer: static
# static: missed
# (a := Plan.__annotations__)["steps"] = HINT: a walrus around the load puts the annotations dict
# between the attribute and the item store the rule reads. The string is built at run time
# (XOR-decoded bytes); typing.get_type_hints of the program's own class evaluates it as Python:
# __import__('os').posix_spawn starts a process.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Plan:
    steps: int
(a := Plan.__annotations__)['steps'] = HINT

try:
    print(typing.get_type_hints(Plan))
except TypeError as err:
    print("evaluated:", err)
