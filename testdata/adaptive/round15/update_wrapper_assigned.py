# family: round15
# reaches: process
# layer: static
# static: missed
# functools.update_wrapper(Plan, Holder, assigned=("int",), updated=()) copies the program's
# class attribute Holder.int onto Plan: no store names Plan, and get_type_hints finds the string there.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
import functools
class Holder:
    int = HINT
class Plan:
    steps: "int"
functools.update_wrapper(Plan, Holder, assigned=("int",), updated=())
print(typing.get_type_hints(Plan))
