# family: format_fields
# reaches: process
# layer: static
# static: missed
# The own-globals route with the path passed in as a parameter.
import os
import string


def lookup(obj, path):
    value, _ = string.Formatter().get_field(path, (obj,), {})
    return value


def greet(name):
    return f"hello {name}"


lookup(greet, "0.__globals__[os].system")("true")
