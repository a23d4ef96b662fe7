# family: round15
# reaches: process
# layer: static
# static: missed
# functools.wraps(Holder) on the program's def makes its __wrapped__ the program's class, whose
# __globals__ class attribute get_type_hints evaluates the def's string annotations in.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
import functools
class Holder:
    __globals__ = {"int": HINT}
@functools.wraps(Holder, assigned=(), updated=())
def run(x: "int"):
    pass
print(typing.get_type_hints(run))
