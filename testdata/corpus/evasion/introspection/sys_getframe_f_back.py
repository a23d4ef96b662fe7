# label: evasion
# family: introspection
import sys


def peek():
    caller = sys._getframe(1)  # want: SBX303
    return caller.f_back.f_globals  # want: SBX302 SBX302


print(peek().keys())
