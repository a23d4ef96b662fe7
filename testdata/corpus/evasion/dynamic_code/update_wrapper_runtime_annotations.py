# label: evasion
# family: dynamic_code
# update_wrapper copies __annotations__ from an object made at run time onto a def get_type_hints admits.
import functools
import json
import types
import typing

ns = types.SimpleNamespace(**json.loads('{"__annotations__": {"x": "__import__(\\"os\\").system(\\"id\\")"}}'))  # want: SBX101 SBX103


def target(x):
    return x


functools.update_wrapper(target, ns)  # want: SBX205
typing.get_type_hints(target)
