# family: round15
# reaches: process
# layer: static
# static: missed
# A decorator of the program's returns its own object in place of the def: get_type_hints of it reads
# the annotations and the __globals__ of its class (a string annotation, a namespace with the string).
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Box:
    steps: "int"
    __globals__ = {"int": HINT}
def deco(f):
    return Box()
@deco
def run():
    pass
print(typing.get_type_hints(run))
