# family: round15
# reaches: process
# layer: static
# static: missed
# An annotation that is a name bound to a constant string (T = "Plan.hint") is evaluated by
# get_type_hints like a string annotation, but was not judged as one: Plan.hint is the run-time string.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
T = "Plan.hint"
class Plan:
    hint = HINT
    steps: T
print(typing.get_type_hints(Plan))
