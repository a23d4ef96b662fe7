# family: round15
# reaches: process
# layer: static
# static: missed
# setattr(Plan, "int", HINT) with a constant name binds int in the class's namespace, which shadows the
# builtin the string annotation "int" names; get_type_hints evaluates the run-time string found there.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Plan:
    steps: "int"
setattr(Plan, "int", HINT)
print(typing.get_type_hints(Plan))
