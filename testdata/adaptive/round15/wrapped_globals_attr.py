# family: round15
# reaches: process
# layer: static
# static: missed
# get_type_hints of a function follows __wrapped__ to the object whose __globals__ it evaluates the
# string annotations in: run.__wrapped__ = Box(), whose class defines __globals__ = {"int": HINT}.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Box:
    __globals__ = {"int": HINT}
def run(x: "int"):
    pass
run.__wrapped__ = Box()
print(typing.get_type_hints(run))
