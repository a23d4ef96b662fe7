# family: round15
# reaches: process
# layer: static
# static: missed
# The program's class decorator stores c.int = HINT on the class it is given and returns it; the name
# int of the string annotation "int" is looked up in that namespace by get_type_hints.
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()
def register(c):
    c.int = HINT
    return c
@register
class Plan:
    steps: "int"
print(typing.get_type_hints(Plan))
