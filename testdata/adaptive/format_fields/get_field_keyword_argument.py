# family: format_fields
# reaches: process
# layer: static
# static: missed
# Keyword fields: the argument is passed by name, the path starts from the name.
import os
import string


class Cfg:
    def __init__(self):
        self.name = "demo"


spec = {"root": "cfg", "path": ["__init__", "__globals__[os]", "system"]}
field = ".".join([spec["root"]] + spec["path"])
fn, _ = string.Formatter().get_field(field, (), {"cfg": Cfg()})
fn("true")
