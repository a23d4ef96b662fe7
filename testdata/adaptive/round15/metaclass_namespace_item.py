# family: round15
# reaches: process
# layer: static
# static: missed
# The program's metaclass __new__ stores ns["int"] = HINT into the class body's namespace before
# forwarding it to type.__new__ (taken for the body's own): get_type_hints finds the string there.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Meta(type):
    def __new__(mcs, name, bases, ns):
        ns["int"] = HINT
        return super().__new__(mcs, name, bases, ns)
class Plan(metaclass=Meta):
    steps: "int"
print(typing.get_type_hints(Plan))
