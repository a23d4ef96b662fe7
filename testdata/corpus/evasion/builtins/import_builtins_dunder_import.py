# label: evasion
# family: builtins
import builtins  # want: SBX401

os_mod = builtins.__import__("os")  # want: SBX103 SBX301
os_mod.system("id")  # want: SBX101
