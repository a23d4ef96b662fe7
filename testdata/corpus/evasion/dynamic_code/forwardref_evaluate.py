# label: evasion
# family: dynamic_code
import typing

ref = typing.ForwardRef("__import__('os').system('id')")  # want: SBX101 SBX103 SBX505
ref._evaluate({}, None, frozenset())  # want: SBX305
