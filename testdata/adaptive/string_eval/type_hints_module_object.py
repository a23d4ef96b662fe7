# family: string_eval
# reaches: process
# layer: static
# static: missed
# get_type_hints of a module object evaluates the module's __annotations__ in its own dict.
import types
import typing


def fragment(i):
    table = ["__import__", "('os')", ".system", "('true')"]
    return table[i]


plugin = types.ModuleType("plugin")
plugin.__annotations__ = {"entry": "".join(fragment(i) for i in range(4))}
print(typing.get_type_hints(plugin))
