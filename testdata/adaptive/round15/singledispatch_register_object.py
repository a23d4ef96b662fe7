# family: round15
# reaches: process
# layer: static
# static: missed
# functools.singledispatch's register, given one object that is not a class, evaluates its string annotations
# with typing.get_type_hints: an object of the program's class whose __getattr__ answers __annotations__ with
# the run-time string (XOR-decoded bytes); register is no get_type_hints call SBX205 judged the target of.
import functools
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()


@functools.singledispatch
def show(value):
    return value


class Box:
    def __getattr__(self, name):
        if not name.startswith("__an"):
            raise AttributeError(name)
        return {"value": HINT}

    def __call__(self, value):
        return value


show.register(Box())
