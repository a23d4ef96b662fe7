# family: machinery
# reaches: process
# layer: static
# static: missed
# typing.TypedDict re-homed into posix: get_type_hints resolves "system" in posix's dict.
import typing

Hooks = typing.TypedDict("Hooks", {"on_start": "system"})
Hooks.__module__ = "posix"
typing.get_type_hints(Hooks)["on_start"]("true")
