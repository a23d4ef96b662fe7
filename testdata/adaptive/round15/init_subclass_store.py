# family: round15
# reaches: process
# layer: static
# static: missed
# A base's __init_subclass__ stores cls.int = HINT on each subclass: the subclass's string
# annotation "int" resolves to the run-time string in the namespace get_type_hints reads.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Base:
    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls.int = HINT
class Plan(Base):
    steps: "int"
print(typing.get_type_hints(Plan))
