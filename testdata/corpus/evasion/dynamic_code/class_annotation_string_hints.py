# label: evasion
# family: dynamic_code
import typing


class Config:
    timeout: "__import__('subprocess').getoutput('id')"  # want: SBX103 SBX205


print(typing.get_type_hints(Config))
