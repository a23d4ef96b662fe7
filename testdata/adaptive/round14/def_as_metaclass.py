# family: round14
# reaches: process
# layer: static
# static: missed
# A name bound to the program's class statement was taken for a type, but a metaclass of the
# program's makes what the statement binds: a def of the program used as the metaclass.
# typing.get_type_hints evaluates that string (XOR-decoded bytes) as Python: posix_spawn runs.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
def mk(*a):
    return HINT
class keep(metaclass=mk):
    pass
class Plan:
    steps: keep
try:
    print(typing.get_type_hints(Plan))
except TypeError as e:
    print("evaluated", e)
