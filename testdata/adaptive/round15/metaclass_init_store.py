# family: round15
# reaches: process
# layer: static
# static: missed
# The program's metaclass __init__ stores cls.int = HINT on the class it makes: the string
# annotation "int" resolves to the run-time string in the class's namespace.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Meta(type):
    def __init__(cls, name, bases, ns):
        super().__init__(name, bases, ns)
        cls.int = HINT
class Plan(metaclass=Meta):
    steps: "int"
print(typing.get_type_hints(Plan))
