# label: evasion
# family: dynamic_code
import dataclasses
import typing

Row = dataclasses.make_dataclass("Row", [("value", "__import__('os').system('id')")])  # want: SBX101 SBX103
typing.get_type_hints(Row)  # want: SBX205
