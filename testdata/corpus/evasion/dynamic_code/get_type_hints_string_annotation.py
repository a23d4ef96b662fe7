# label: evasion
# family: dynamic_code
import typing


def handler(payload: "__import__('os').system('id')") -> None:  # want: SBX101 SBX103 SBX205
    pass


typing.get_type_hints(handler)
