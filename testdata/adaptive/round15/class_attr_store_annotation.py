# family: round15
# reaches: process
# layer: static
# static: missed
# A store onto the program's class after its body (Plan.int = HINT) binds int in the class's own namespace,
# which typing.get_type_hints consults for the names of the class's string annotations before builtins:
# "int" evaluates to the run-time string (XOR-decoded bytes), evaluated in turn: posix_spawn runs.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
class Plan:
    steps: "int"
Plan.int = HINT
print(typing.get_type_hints(Plan))
