# family: round13
# reaches: process
# layer: static
# static: missed
# An annotation subscripting a library enum, enum.FlagBoundary["KEEP"]: a library class was taken
# for a generic, but enum's metaclass answers with the member, the str "keep". typing.get_type_hints
# of the program's own class evaluates "keep" in the program's namespace, where it names a string
# built at run time (XOR-decoded bytes), evaluated in turn: __import__('os').posix_spawn starts a
# process. The constant written, "KEEP", names nothing.
import enum
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
keep = HINT
class Plan:
    steps: enum.FlagBoundary['KEEP']

try:
    print(typing.get_type_hints(Plan))
except TypeError as err:
    print("evaluated:", err)
