# label: evasion
# family: format_traversal
# A Formatter subclass that calls what a field reaches, given a format string built at run time.
import os
import string


class Calling(string.Formatter):
    def format_field(self, value, spec):
        return str(value(spec))


def anchor():
    pass


fmt = "{0." + "__globals__[os].system:id}"
Calling().vformat(fmt, (anchor,), {})  # want: SBX701
