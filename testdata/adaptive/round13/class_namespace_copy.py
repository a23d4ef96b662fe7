# family: round13
# reaches: process
# layer: static
# static: missed
# dict(vars(Plan)) copies the program's class namespace, whose values include the class's own
# __annotations__ dict; the program finds it by a key prefix and stores a string built at run
# time (XOR-decoded bytes), which typing.get_type_hints of the class evaluates as Python:
# __import__('os').posix_spawn starts a process.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Plan:
    steps: int
ns = dict(vars(Plan))
for k in ns:
    if k.startswith('__ann'):
        ns[k]['steps'] = HINT

try:
    print(typing.get_type_hints(Plan))
except TypeError as err:
    print("evaluated:", err)
