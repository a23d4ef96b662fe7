# family: round15
# reaches: process
# layer: static
# static: missed
# run.__dict__["__wrapped__"] = Box(): the function's __wrapped__ set through its namespace; Box's
# __globals__ is the namespace get_type_hints evaluates the function's string annotations in.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Box:
    __globals__ = {"int": HINT}
def run(x: "int"):
    pass
run.__dict__["__wrapped__"] = Box()
print(typing.get_type_hints(run))
