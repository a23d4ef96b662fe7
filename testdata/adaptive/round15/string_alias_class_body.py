# family: round15
# reaches: process
# layer: static
# static: missed
# T = "hint" used as an annotation: the string names hint, bound in the class body to the run-time
# string, which get_type_hints evaluates in turn.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
T = "hint"
class Plan:
    hint = HINT
    steps: T
print(typing.get_type_hints(Plan))
