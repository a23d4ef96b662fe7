# label: evasion
# family: dynamic_code
import typing

Point = typing.NamedTuple("Point", [("x", "__import__('os').system('id')")])  # want: SBX101 SBX103
typing.get_type_hints(Point)  # want: SBX205
