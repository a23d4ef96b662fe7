# family: format_fields
# reaches: process
# layer: static
# static: denied
# The program's own function: its globals hold the os the program imported.
import os
import string


def greet(name):
    return f"hello {name}"


steps = ["0", "__globals__[os]", "system"]
target, _ = string.Formatter().get_field(".".join(steps), [greet], {})
print(greet("world"), target("true"))
