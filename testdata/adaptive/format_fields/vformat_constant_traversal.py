# family: format_fields
# reaches: process
# layer: static
# static: denied
# A constant traversing format string with vformat and an overridden format_field.
import os
import string


class F(string.Formatter):
    def format_field(self, value, spec):
        return str(value(spec))


def anchor():
    pass


F().vformat("{0.__globals__[os].system:true}", (anchor,), {})
