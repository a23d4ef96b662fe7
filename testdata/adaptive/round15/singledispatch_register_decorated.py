# family: round15
# reaches: process
# layer: static
# static: missed
# @show.register over a decorator of the program's that returns its own object in place of the def: register
# evaluates the string annotations its __getattr__ answers with, with typing.get_type_hints.
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


def boxed(fn):
    return Box()


@show.register
@boxed
def _(value):
    return value
