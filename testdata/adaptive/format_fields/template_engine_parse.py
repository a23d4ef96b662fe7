# family: format_fields
# reaches: process
# layer: static
# static: missed
# A small template engine: fields come from Formatter.parse of a template, calls are marked "|".
import os
import string

TEMPLATE = "status: {0.__globals__[os].system|true} done"


class Engine:
    def __init__(self):
        self.fmt = string.Formatter()

    def render(self, template, *args):
        out = []
        for text, field, spec, conv in self.fmt.parse(template):
            out.append(text)
            if field:
                name, _, arg = field.partition("|")
                value, _ = self.fmt.get_field(name, args, {})
                out.append(str(value(arg) if arg else value))
        return "".join(out)


def helper():
    pass


print(Engine().render(TEMPLATE, helper))
