# label: evasion
# family: dynamic_code
import typing


class Settings:
    pass


# No annotation is written: the string is put into __annotations__ and get_type_hints evals it.
Settings.__annotations__ = {"mode": "__import__('os').system('id')"}  # want: SBX101 SBX103 SBX205
typing.get_type_hints(Settings)
