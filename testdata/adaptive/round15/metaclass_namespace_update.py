# family: round15
# reaches: process
# layer: static
# static: missed
# The program's metaclass __new__ changes the forwarded namespace with ns.update(int=HINT): the
# class's namespace binds int to the run-time string, which get_type_hints evaluates.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Meta(type):
    def __new__(mcs, name, bases, ns):
        ns.update(int=HINT)
        return type.__new__(mcs, name, bases, ns)
class Plan(metaclass=Meta):
    steps: "int"
print(typing.get_type_hints(Plan))
