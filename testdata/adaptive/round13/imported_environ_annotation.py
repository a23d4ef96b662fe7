# family: round13
# reaches: process
# layer: static
# static: missed
# The same through `from os import environ`: a name bound to an import is taken for a type, and
# environ["K"] gives a string built at run time (XOR-decoded bytes) that typing.get_type_hints of
# the program's own class evaluates as Python: __import__('os').posix_spawn starts a process.
from os import environ
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
environ['K'] = HINT
class Plan:
    steps: environ['K']

try:
    print(typing.get_type_hints(Plan))
except TypeError as err:
    print("evaluated:", err)
