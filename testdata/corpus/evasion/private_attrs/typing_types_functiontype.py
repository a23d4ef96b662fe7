# label: evasion
# family: private_attrs
import typing

make = typing.types.FunctionType  # want: SBX202
print(make)
