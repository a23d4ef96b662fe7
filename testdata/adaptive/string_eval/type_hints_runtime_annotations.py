# family: string_eval
# reaches: process
# layer: static
# static: missed
# Annotations assigned at run time from a string the program assembles.
import typing


def build(*parts):
    return "".join(parts)


def handler(payload):
    return payload


handler.__annotations__ = {"payload": build("__imp", "ort__", "('os')", ".sys", "tem('true')")}
typing.get_type_hints(handler)
