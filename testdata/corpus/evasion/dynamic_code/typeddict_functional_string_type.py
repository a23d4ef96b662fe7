# label: evasion
# family: dynamic_code
import typing

Config = typing.TypedDict("Config", {"path": "__import__('os').system('id')"})  # want: SBX101 SBX103
typing.get_type_hints(Config)  # want: SBX205
