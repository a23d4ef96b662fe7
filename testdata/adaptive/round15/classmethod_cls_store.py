# family: round15
# reaches: process
# layer: static
# static: missed
# A classmethod stores cls.int = HINT: the class's namespace shadows the builtin int its string
# annotation names, and get_type_hints evaluates the string found there.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Plan:
    steps: "int"
    @classmethod
    def setup(cls):
        cls.int = HINT
Plan.setup()
print(typing.get_type_hints(Plan))
