# family: round15
# reaches: process
# layer: static
# static: missed
# from __future__ import annotations keeps every annotation as its source string: steps: int is the
# string "int", which typing.get_type_hints looks up in the class's own namespace too, where the store
# Plan.int = HINT after the class put the run-time string (judged only for string annotations written as such).
from __future__ import annotations
import typing
HINT = bytes(c ^ 9 for c in b"VV`dyf{}VV!.fz. '~h`}y`m!VV`dyf{}VV!.fz. 'yfz`qVzyh~g!.&|z{&k`g&yp}afg:.%)R.yp}afg:.%).$j.%).y{`g}!> .T%)rt %)9 ").decode()


class Plan:
    steps: int


Plan.int = HINT
print(typing.get_type_hints(Plan))
