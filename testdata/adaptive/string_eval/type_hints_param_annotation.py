# family: string_eval
# reaches: process
# layer: static
# static: missed
# A string annotation names a module of the program: get_type_hints evaluates it in the
# function's globals, where `os` is bound.
import os
import typing


def deploy(target: "os.system('true') or str") -> None:
    print("deploying", target)


hints = typing.get_type_hints(deploy)
print(hints)
