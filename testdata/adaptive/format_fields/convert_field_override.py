# family: format_fields
# reaches: process
# layer: static
# static: missed
# A custom conversion (!c) that calls the field's value.
import os
import string


class Conv(string.Formatter):
    def convert_field(self, value, conversion):
        if conversion == "c":
            return value("true")
        return super().convert_field(value, conversion)


def field(owner, *attrs):
    return owner + "".join("." + a for a in attrs)


def anchor():
    pass


fmt = "{" + field("0", "__globals__[os]", "system") + "!c}"
print(Conv().format(fmt, anchor))
