# family: round15
# reaches: process
# layer: static
# static: missed
# A descriptor's __set_name__ stores owner.int = HINT on the class whose body holds it: the string
# annotation "int" resolves there when get_type_hints evaluates it.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Field:
    def __set_name__(self, owner, name):
        owner.int = HINT
class Plan:
    steps: "int"
    f = Field()
print(typing.get_type_hints(Plan))
