# family: round13
# reaches: process
# layer: static
# static: missed
# A string annotation "__doc__": typing.get_type_hints evaluates it to the module's docstring,
# "keep", then evaluates that in the program's namespace, where it names a string built at run
# time (XOR-decoded bytes), evaluated in turn: __import__('os').posix_spawn starts a process.
"""keep"""
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
keep = HINT
class Plan:
    steps: "__doc__"

try:
    print(typing.get_type_hints(Plan))
except TypeError as err:
    print("evaluated:", err)
