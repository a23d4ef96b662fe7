# family: round14
# reaches: process
# layer: static
# static: missed
# A name bound to the program's class statement was taken for a type, but a metaclass of the
# program's makes what the statement binds: the metaclass inherited through the program's own base class.
# typing.get_type_hints evaluates that string (XOR-decoded bytes) as Python: posix_spawn runs.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class M(type):
    def __new__(m, name, bases, ns):
        if name == "keep":
            return HINT
        return super().__new__(m, name, bases, ns)
class B(metaclass=M):
    pass
class keep(B):
    pass
class Plan:
    steps: keep
try:
    print(typing.get_type_hints(Plan))
except TypeError as e:
    print("evaluated", e)
