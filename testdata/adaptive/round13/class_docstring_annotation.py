# family: round13
# reaches: process
# layer: static
# static: missed
# An annotation naming __doc__ in a class body: the class's docstring, "keep", bound without an
# assignment in the source. typing.get_type_hints of the class evaluates "keep" in the program's
# namespace, where it names a string built at run time (XOR-decoded bytes), evaluated in turn:
# __import__('os').posix_spawn starts a process.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
keep = HINT
class Plan:
    """keep"""
    steps: __doc__

try:
    print(typing.get_type_hints(Plan))
except TypeError as err:
    print("evaluated:", err)
