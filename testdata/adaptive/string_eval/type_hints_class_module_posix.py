# family: string_eval
# reaches: process
# layer: static
# static: missed
# A class that says it belongs to the posix module: get_type_hints resolves its string
# annotations in that module's namespace.
import typing


class Settings:
    __module__ = "posix"
    runner: "system"
    retries: "int" = 3


hints = typing.get_type_hints(Settings)
hints["runner"]("true")
