# family: round15
# reaches: process
# layer: static
# static: missed
# getattr(type, "__set" + "attr__"): the same through a folded name.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Plan:
    steps: "int"
getattr(type, "__set" + "attr__")(Plan, "int", HINT)
print(typing.get_type_hints(Plan))
