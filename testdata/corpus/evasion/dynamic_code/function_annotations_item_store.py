# label: evasion
# family: dynamic_code
import typing


def handler(x):
    return x


handler.__annotations__["x"] = "__import__('os').system('id')"  # want: SBX101 SBX103 SBX205
typing.get_type_hints(handler)
