# family: round15
# reaches: process
# layer: static
# static: missed
# functools.wraps(Holder) on the program's def makes its __wrapped__ the program's class (a def or class was
# admitted), whose __globals__ its metaclass's __getattr__ answers with a namespace holding the run-time string.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
import functools
class Meta(type):
    def __getattr__(cls, name):
        if not name.startswith("__gl"):
            raise AttributeError(name)
        return {"int": HINT}
class Holder(metaclass=Meta):
    pass
@functools.wraps(Holder, assigned=(), updated=())
def run(x: "int"):
    pass
print(typing.get_type_hints(run))
