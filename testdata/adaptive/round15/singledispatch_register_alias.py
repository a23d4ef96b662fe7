# family: round15
# reaches: process
# layer: static
# static: missed
# singledispatch's register taken as a value (reg = show.register) and called with an object of the program's
# class whose __getattr__ answers __annotations__ with the run-time string: register evaluates it with
# get_type_hints; only show.register(...) written as a call was judged.
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


reg = show.register
reg(Box())
