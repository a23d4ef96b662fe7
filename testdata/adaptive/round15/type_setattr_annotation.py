# family: round15
# reaches: process
# layer: static
# static: missed
# type.__setattr__(Plan, "int", HINT) binds int in the class's namespace, which get_type_hints reads
# for the names of the string annotation "int": the run-time string is evaluated.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Plan:
    steps: "int"
type.__setattr__(Plan, "int", HINT)
print(typing.get_type_hints(Plan))
