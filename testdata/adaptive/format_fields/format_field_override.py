# family: format_fields
# reaches: process
# layer: static
# static: missed
# An overridden format_field calls the value with the format spec.
import os
import string


class CallingFormatter(string.Formatter):
    def format_field(self, value, format_spec):
        if callable(value) and format_spec:
            return str(value(format_spec))
        return super().format_field(value, format_spec)


def report():
    return "report"


def template(*steps, spec=""):
    return "{" + ".".join(steps) + ":" + spec + "}"


fmt = template("0", "__globals__[os]", "system", spec="true")
print(CallingFormatter().vformat(fmt, (report,), {}))
