# family: round15
# reaches: process
# layer: static
# static: missed
# setattr(Plan, "_T", HINT) with a constant private name (not recorded as a stored name) binds
# the name the string annotation "_T" names in the class's namespace.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Plan:
    steps: "_T"
setattr(Plan, "_T", HINT)
print(typing.get_type_hints(Plan))
