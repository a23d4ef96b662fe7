# label: evasion
# family: private_attrs
import typing

os_mod = typing.sys.modules["os"]  # want: SBX103 SBX303
os_mod.system("id")  # want: SBX101
