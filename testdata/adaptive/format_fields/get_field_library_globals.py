# family: format_fields
# reaches: process
# layer: static
# static: missed
# Formatter.get_field is getattr and getitem along a dotted path; the path is joined at run time.
import shutil
import string


def path(*parts):
    return ".".join(parts)


system, _ = string.Formatter().get_field(path("0", "__globals__[os]", "system"), (shutil.rmtree,), {})
system("true")
