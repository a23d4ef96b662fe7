# family: round15
# reaches: process
# layer: static
# static: missed
# A decorator of the program's returns an object whose __getattr__ answers __annotations__ with the
# run-time string: get_type_hints of the decorated name evaluates it.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Box:
    def __getattr__(self, name):
        if not name.startswith("__an"):
            raise AttributeError(name)
        return {"steps": HINT}
def deco(f):
    return Box()
@deco
def run():
    pass
print(typing.get_type_hints(run))
