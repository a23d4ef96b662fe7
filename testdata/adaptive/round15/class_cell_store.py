# family: round15
# reaches: process
# layer: static
# static: missed
# A method stores __class__.int = HINT through the __class__ cell: the class's namespace shadows the
# builtin the string annotation names; get_type_hints evaluates the run-time string.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Plan:
    steps: "int"
    def setup(self):
        __class__.int = HINT
Plan().setup()
print(typing.get_type_hints(Plan))
