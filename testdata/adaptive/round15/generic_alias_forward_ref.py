# family: round15
# reaches: process
# layer: static
# static: missed
# typing.List["int"]: the forward reference in a subscript is evaluated in the class's namespaces
# too, where Plan.int = HINT binds the run-time string.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Plan:
    steps: typing.List["int"]
Plan.int = HINT
print(typing.get_type_hints(Plan))
