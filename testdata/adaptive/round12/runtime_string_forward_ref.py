# family: round12
# reaches: process
# layer: static
# static: missed
# A string built at run time inside a generic in a parameter's annotation, Optional[HINT]:
# typing makes it a ForwardRef, which get_type_hints of the program's own function evaluates as
# Python; only string literals in annotations were judged. __import__('os').posix_spawn starts
# a process.
import typing

HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()


def run(steps: typing.Optional[HINT] = None):
    return steps


try:
    print(typing.get_type_hints(run))
except TypeError as err:
    print("evaluated:", err)
