# family: string_eval
# reaches: process
# layer: static
# static: missed
# make_dataclass with a field type computed at run time, then get_type_hints on the class.
import dataclasses
import typing


def field_type():
    parts = ["__imp", "ort__('os')", ".system('true') or int"]
    return "".join(parts)


Point = dataclasses.make_dataclass("Point", [("x", field_type()), ("y", int)])
print(typing.get_type_hints(Point))
